import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { logoVersion } from '../../features/catalog/providers'
import { WhereToStream } from './WhereToStream'

const netflix = { provider_id: 8, provider_name: 'Netflix', logo_path: '/netflix-from-tmdb.png', display_priority: 1 }
const mubi = { provider_id: 11, provider_name: 'MUBI', logo_path: '/mubi.png', display_priority: 5 }
const appleTv = { provider_id: 2, provider_name: 'Apple TV', logo_path: null, display_priority: 3 }

afterEach(cleanup)

describe('where to stream', () => {
  it('opens on the US, groups offers by kind, and shows our own logo with its version for the five services', () => {
    const { container } = render(
      <WhereToStream
        providers={{
          GB: { flatrate: [mubi] },
          US: { link: 'https://www.themoviedb.org/movie/1/watch', flatrate: [mubi, netflix], buy: [appleTv] },
        }}
      />,
    )
    expect(screen.getByLabelText<HTMLSelectElement>('Region').value).toBe('US')
    const stream = screen.getByText('Stream').parentElement as HTMLElement
    expect(
      within(stream)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Netflix', 'MUBI'])
    const logos = [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))
    expect(logos).toContain(`/logos/png/netflix.png?v=${logoVersion}`)
    expect(logos).toContain('https://image.tmdb.org/t/p/w500/mubi.png')
    expect(within(screen.getByText('Buy').parentElement as HTMLElement).getByText('Apple TV')).toBeTruthy()
    expect(screen.getByText('Availability data from JustWatch via TMDB.')).toBeTruthy()
  })

  it('credits JustWatch only for offers that come from TMDB (with its watch link)', () => {
    render(<WhereToStream providers={{ US: { flatrate: [netflix] } }} />)
    expect(screen.getByText('Netflix')).toBeTruthy()
    expect(screen.queryByText('Availability data from JustWatch via TMDB.')).toBeNull()
  })

  it('follows the region chosen', () => {
    render(<WhereToStream providers={{ GB: { rent: [mubi] }, US: { flatrate: [netflix] } }} />)
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'GB' } })
    expect(screen.getByText('Rent')).toBeTruthy()
    expect(screen.queryByText('Netflix')).toBeNull()
  })

  it('says so when nothing is known', () => {
    render(<WhereToStream providers={{}} />)
    expect(screen.getByText('We don’t know of anywhere to watch this yet.')).toBeTruthy()
  })
})
