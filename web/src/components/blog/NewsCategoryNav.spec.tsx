import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NewsCategoryNav } from './NewsCategoryNav'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/" className={className}>
      {children}
    </a>
  ),
}))

afterEach(cleanup)

const category = (name: string, postCount: number) => ({
  id: name,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  description: null,
  postCount,
})

describe('the news category chips', () => {
  it('offers only the categories that have published posts', () => {
    render(<NewsCategoryNav categories={[category('Festivals', 2), category('Release Roundups', 0)]} />)
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['All', 'Festivals'])
  })

  it('shows no chips at all when no category has a published post', () => {
    render(<NewsCategoryNav categories={[category('Release Roundups', 0)]} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
