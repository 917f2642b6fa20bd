import { describe, expect, it } from 'vitest'
import { recommendationMessages, recommendRequest } from './recommendations'

const request = (note: string) =>
  recommendRequest.safeParse({ tmdbId: 289, mediaType: 'movie', toEmail: 'a@b.org', note })

describe('a recommendation’s note (one rule for the API, the decider and the form)', () => {
  it('counts characters, not UTF-16 units: 260 👍 fit in 500', () =>
    expect(request('👍'.repeat(260)).success).toBe(true))

  it('refuses 501 characters with the note’s message', () =>
    expect(request('👍'.repeat(501)).error?.issues[0]?.message).toBe(recommendationMessages.noteTooLong))

  it('measures the note trimmed', () => expect(request(` ${'x'.repeat(500)} `).success).toBe(true))
})
