import { searchQueryMaxLength } from '@reelmates/contracts/catalog'
import { describe, expect, it, vi } from 'vitest'
import { fetchSearchResults, fetchSuggestions } from './searchCalls'
import { listOf, movie } from './testing'

function recordingGet(answer: unknown) {
  const requests: string[] = []
  return {
    requests,
    get: <T>(path: string) => {
      requests.push(path)
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T)
    },
  }
}

describe('autocomplete', () => {
  it('makes no call for a query shorter than 2 characters', async () => {
    const api = recordingGet({ results: [movie(1)] })
    expect(await fetchSuggestions('', api)).toEqual([])
    expect(await fetchSuggestions('g', api)).toEqual([])
    expect(await fetchSuggestions(' g ', api)).toEqual([])
    expect(api.requests).toEqual([])
  })

  it('asks for suggestions from 2 characters on, with the query encoded', async () => {
    const api = recordingGet({ results: [movie(1, 'Amélie')] })
    expect(await fetchSuggestions('am & é', api)).toHaveLength(1)
    expect(api.requests).toEqual(['/api/tmdb/autocomplete?query=am+%26+%C3%A9'])
  })

  it('makes no call for a query longer than the API takes', async () => {
    const api = recordingGet({ results: [movie(1)] })
    expect(await fetchSuggestions('a'.repeat(searchQueryMaxLength + 1), api)).toEqual([])
    expect(api.requests).toEqual([])
    await fetchSuggestions(` ${'a'.repeat(searchQueryMaxLength)} `, api)
    expect(api.requests).toHaveLength(1)
  })

  it("shows no suggestions when the call fails, with the spec's message in the console", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const down = new Error('Network error')
    expect(await fetchSuggestions('godfather', recordingGet(down))).toEqual([])
    expect(warn).toHaveBeenCalledWith('Failed to get autocomplete suggestions', down)
    warn.mockRestore()
  })
})

describe('search', () => {
  it('asks for the page it is given', async () => {
    const api = recordingGet(listOf(20))
    await fetchSearchResults('alien', 3, api)
    expect(api.requests).toEqual(['/api/tmdb/search?query=alien&page=3'])
  })

  it("fails with the spec's message, keeping the request error as its cause", async () => {
    const cause = new Error('Network error')
    const failure = await fetchSearchResults('alien', 1, recordingGet(cause)).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).message).toBe('Failed to search media')
    expect((failure as Error).cause).toBe(cause)
  })
})
