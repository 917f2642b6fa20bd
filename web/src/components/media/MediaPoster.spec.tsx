import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MediaPoster } from './MediaPoster'
import placeholderPoster from './placeholder-poster.svg'

afterEach(cleanup)

describe('the media poster', () => {
  it('shows the poster at width 500', () => {
    const { container } = render(<MediaPoster title="Dune" posterPath="/dune.jpg" seed={1} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://image.tmdb.org/t/p/w500/dune.jpg')
  })

  it('shows the placeholder image under a title card when the title has no image', () => {
    const { container, getByText } = render(<MediaPoster title="Casablanca" year="1942" posterPath={null} seed={2} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe(placeholderPoster)
    expect(getByText('Casablanca')).toBeTruthy()
    expect(getByText('1942')).toBeTruthy()
  })

  it('draws the title card for the eye only: a link around it is named by its own caption, once', () => {
    const { getByRole } = render(
      <a href="/media/movie/289">
        <MediaPoster title="Casablanca" year="1942" posterPath={null} seed={2} />
        <span>Casablanca</span>
      </a>,
    )
    expect(getByRole('link').textContent).toBe('Casablanca1942Casablanca')
    expect(getByRole('link', { name: 'Casablanca' })).toBeTruthy()
  })

  it('falls back to the title card when the poster cannot load', () => {
    const { container, getByText } = render(<MediaPoster title="Dune" posterPath="/dune.jpg" seed={1} />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')?.getAttribute('src')).toBe(placeholderPoster)
    expect(getByText('Dune')).toBeTruthy()
  })
})
