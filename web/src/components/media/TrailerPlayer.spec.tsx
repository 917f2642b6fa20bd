import type { Video } from '@reelmates/contracts/catalog'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TrailerPlayer } from './TrailerPlayer'

const video = (overrides: Partial<Video>): Video => ({
  key: 'key',
  name: 'Trailer',
  type: 'Trailer',
  site: 'YouTube',
  official: false,
  ...overrides,
})

afterEach(cleanup)

describe('the trailer player', () => {
  it('loads nothing from YouTube until asked, then plays the official trailer in the privacy-enhanced embed', () => {
    const videos = [
      video({ key: 'teaser', type: 'Teaser', official: true }),
      video({ key: 'fan', official: false }),
      video({ key: 'vimeo', site: 'Vimeo', official: true }),
      video({ key: 'official', name: 'Official Trailer', official: true }),
    ]
    const { container } = render(<TrailerPlayer title="Dune" videos={videos} backdropPath={null} />)
    expect(container.querySelector('iframe')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /Play trailer/ }))
    const frame = container.querySelector('iframe')
    expect(frame?.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/official\?/)
    expect(frame?.getAttribute('title')).toBe('Dune — Official Trailer')
  })

  it('falls back to any YouTube trailer when none is official', () => {
    const { container } = render(
      <TrailerPlayer
        title="Dune"
        videos={[video({ key: 'clip', type: 'Clip' }), video({ key: 'fan' })]}
        backdropPath={null}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /Play trailer/ }))
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain('/embed/fan?')
  })

  it('rings the play button when the keyboard reaches it, inside the frame that clips its edges', () => {
    render(<TrailerPlayer title="Dune" videos={[video({})]} backdropPath={null} />)
    const classes = screen.getByRole('button', { name: /Play trailer/ }).className.split(/\s+/)
    expect(classes).not.toContain('outline-none')
    expect(classes).toEqual(
      expect.arrayContaining([
        'focus-visible:outline-2',
        'focus-visible:-outline-offset-4',
        'focus-visible:outline-amber-400',
      ]),
    )
  })

  it('shows no player when there is no YouTube trailer', () => {
    const { container } = render(
      <TrailerPlayer title="Dune" videos={[video({ site: 'Vimeo' }), video({ type: 'Teaser' })]} backdropPath={null} />,
    )
    expect(container.innerHTML).toBe('')
  })
})
