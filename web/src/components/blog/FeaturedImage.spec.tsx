import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FeaturedImage } from './FeaturedImage'

afterEach(cleanup)

describe('FeaturedImage', () => {
  it('leaves no space behind when its image cannot be loaded', () => {
    const { container } = render(<FeaturedImage src="https://images.example.com/gone.jpg" className="aspect-[16/9]" />)
    const image = container.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://images.example.com/gone.jpg')
    fireEvent.error(image as HTMLImageElement)
    expect(container.innerHTML).toBe('')
  })

  it('tries again when the address changes', () => {
    const { container, rerender } = render(<FeaturedImage src="/gone.jpg" />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    rerender(<FeaturedImage src="/icons/icon-512.png" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/icons/icon-512.png')
  })
})
