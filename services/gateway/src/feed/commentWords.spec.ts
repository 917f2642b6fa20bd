import { afterAll, describe, expect, it } from 'vitest'
import { feedMessages } from '@reelmates/contracts/feed'
import { signedInAgent } from '../testing/signedIn'
import { createTestApp } from '../testing/testApp'

/** What a comment's body is told before any activity is looked at: the schema of `commentBody`. */
const t = await createTestApp()
afterAll(() => t.close())
const { client } = await signedInAgent(t.app, 'commentwords')

describe('the words of a comment, as sent', () => {
  it.each([123, null, ['a'], true])('says content must be text when it is not: %j', async (content) => {
    const answer = await client.post('/api/activities/watched:x/comments', { content })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      message: 'content must be text',
      error: 'Bad Request',
      validationErrors: { content: 'content must be text' },
    })
  })

  it('says a comment left out is empty, as a blank one is', async () => {
    const answer = await client.post('/api/activities/watched:x/comments', {})
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ message: feedMessages.commentEmpty })
  })
})
