import type { MediaDetails } from '@reelmates/contracts/catalog'
import { describe, expect, it } from 'vitest'
import { formatRuntime, keyCrew, mediaFacts } from './mediaFacts'
import { movie } from './testing'

function details(overrides: Partial<MediaDetails>): MediaDetails {
  return {
    ...movie(238, 'The Godfather'),
    release_date: '1972-03-14',
    genres: [],
    credits: { cast: [], crew: [] },
    videos: [],
    trailer: null,
    watch_providers: {},
    similar: [],
    ...overrides,
  }
}

describe('media facts', () => {
  it('writes a runtime in hours and minutes', () => {
    expect(formatRuntime(175)).toBe('2h 55m')
    expect(formatRuntime(120)).toBe('2h')
    expect(formatRuntime(45)).toBe('45m')
    expect(formatRuntime(null)).toBeUndefined()
    expect(formatRuntime(0)).toBeUndefined()
  })

  it('gives a film its year and runtime', () => {
    expect(mediaFacts(details({ runtime: 175 }))).toEqual(['1972', '2h 55m'])
  })

  it('gives a show its first year, open-ended while it runs, and its seasons and episodes', () => {
    const show = details({
      media_type: 'tv',
      release_date: undefined,
      first_air_date: '2008-01-20',
      status: 'Returning Series',
      number_of_seasons: 5,
      number_of_episodes: 62,
    })
    expect(mediaFacts(show)).toEqual(['2008–', '5 seasons', '62 episodes'])
    expect(mediaFacts({ ...show, status: 'Ended', number_of_seasons: 1, number_of_episodes: 1 })).toEqual([
      '2008',
      '1 season',
      '1 episode',
    ])
  })

  it('names the network a series was made for after its year', () => {
    const show = details({
      media_type: 'tv',
      release_date: undefined,
      first_air_date: '2008',
      status: 'Ended',
      networks: [{ id: 174, name: 'AMC', logo_path: null }],
    })
    expect(mediaFacts(show)).toEqual(['2008', 'AMC'])
  })

  it('leaves out what is not known', () => {
    expect(mediaFacts(details({ release_date: undefined, runtime: null }))).toEqual([])
  })

  it('names the directors, then the writers, without repeating anyone', () => {
    const crew = [
      { id: 1, name: 'Francis Ford Coppola', job: 'Director', profile_path: null },
      { id: 1, name: 'Francis Ford Coppola', job: 'Screenplay', profile_path: null },
      { id: 2, name: 'Mario Puzo', job: 'Screenplay', profile_path: null },
      { id: 2, name: 'Mario Puzo', job: 'Novel', profile_path: null },
      { id: 3, name: 'Gordon Willis', job: 'Director of Photography', profile_path: null },
    ]
    expect(keyCrew(details({ credits: { cast: [], crew } }))).toEqual([
      { role: 'Directed by', names: ['Francis Ford Coppola'] },
      { role: 'Written by', names: ['Francis Ford Coppola', 'Mario Puzo'] },
    ])
  })
})
