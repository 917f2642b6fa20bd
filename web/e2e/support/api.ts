import { expect, type APIRequestContext } from '@playwright/test'
import { csrfToken } from './server'

/**
 * A change made through the API as the app makes it (with its CSRF token), for a test's set-up: the
 * test fails on anything but a success, with the answer's words. Answers the JSON.
 */
export async function sendJson(request: APIRequestContext, path: string, data?: unknown, method = 'POST') {
  const answer = await request.fetch(path, { method, data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as Record<string, unknown>
}

/** A film of the offline catalog, found the way the search box finds it. */
export async function catalogMovie(
  request: APIRequestContext,
  query: string,
): Promise<{ tmdbId: number; title: string }> {
  const answer = await request.get(`/api/tmdb/autocomplete?query=${encodeURIComponent(query)}`)
  const { results } = (await answer.json()) as { results: { id: number; media_type: string; title?: string }[] }
  const movie = results.find((result) => result.media_type === 'movie')
  if (!movie) throw new Error(`the offline catalog should have a film for "${query}"`)
  return { tmdbId: movie.id, title: movie.title ?? '' }
}
