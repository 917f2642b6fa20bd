import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { BlogFeaturedImageField } from './BlogFeaturedImageField'

afterEach(cleanup)

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return <BlogFeaturedImageField value={value} onChange={setValue} />
}

const preview = () => document.querySelector('img') as HTMLImageElement

describe('the featured image field', () => {
  it('shows the image it points to', () => {
    render(<Field initial="https://images.example.com/dune.jpg" />)
    expect(preview().getAttribute('src')).toBe('https://images.example.com/dune.jpg')
    expect(screen.queryByText(/could not be loaded/)).toBeNull()
  })

  it('warns, without refusing the address, when the image cannot be loaded', () => {
    render(<Field initial="https://images.example.com/gone.jpg" />)
    fireEvent.error(preview())
    expect(screen.getByText(/This image could not be loaded/)).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>('Featured image URL').value).toBe(
      'https://images.example.com/gone.jpg',
    )
  })

  it('takes the warning back once the address changes', () => {
    render(<Field initial="https://images.example.com/gone.jpg" />)
    fireEvent.error(preview())
    fireEvent.change(screen.getByLabelText('Featured image URL'), {
      target: { value: 'https://images.example.com/dune.jpg' },
    })
    expect(screen.queryByText(/could not be loaded/)).toBeNull()
    expect(preview().getAttribute('src')).toBe('https://images.example.com/dune.jpg')
  })
})
