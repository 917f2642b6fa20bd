import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { newAddressesPerDay } from '@reelmates/contracts/friendships'
import { invitedAddressesCollection } from '@reelmates/projections/friends/invitedAddresses'
import { mailsTo, register, testClock, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://reelmates.test' } })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 2)
})
afterAll(() => t.close())

const day = 86_400_000
const tooMany = "You've emailed a lot of new people today. Try again tomorrow."
let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const newAddress = () => `someone${(counter += 1)}@victim.example`
const invite = (from: Registered, email: string) => from.client.post('/api/friendships', { email })
const recommendTo = (from: Registered, toEmail: string, index = 0) =>
  from.client.post('/api/recommendations', {
    tmdbId: titles[index]!.id,
    mediaType: 'movie',
    toEmail,
    note: 'Buy cheap watches at …',
  })

/** `count` new addresses mailed by `from`, half friend invitations and half recommendations. */
async function mailNew(from: Registered, count: number): Promise<string[]> {
  const addresses: string[] = []
  for (let i = 0; i < count; i++) {
    const email = newAddress()
    const answer = i % 2 === 0 ? await invite(from, email) : await recommendTo(from, email)
    expect(answer.statusCode, answer.body).toBe(201)
    addresses.push(email)
  }
  return addresses
}

describe('the limit on new addresses a member mails a day', () => {
  it('refuses a new address once invitations and recommendations by email together reach it, and mails nothing', async () => {
    const ann = await member('ann')
    await mailNew(ann, newAddressesPerDay)

    const invited = newAddress()
    const invitation = await invite(ann, invited)
    expect(invitation.statusCode).toBe(429)
    expect(invitation.json()).toMatchObject({ message: tooMany })
    const recommended = newAddress()
    const recommendation = await recommendTo(ann, recommended)
    expect(recommendation.statusCode).toBe(429)
    expect(recommendation.json()).toMatchObject({ message: tooMany })
    expect(await mailsTo(t.platform, invited)).toEqual([])
    expect(await mailsTo(t.platform, recommended)).toEqual([])
  })

  it('holds when a burst of invitations and recommendations to new addresses is sent all at once', async () => {
    const ann = await member('ann')
    // Stores over a network, as MongoDB and EventStoreDB are: requests at once interleave across
    // their reads and writes (the embedded stores answer within one turn of the event loop).
    const store = t.platform.readStore
    const collection = store.collection.bind(store)
    const later = () => new Promise((resolve) => setTimeout(resolve, 5))
    const slowCount = vi.spyOn(store, 'collection').mockImplementation((name: string) => {
      const docs = collection(name)
      if (name !== invitedAddressesCollection) return docs
      return Object.assign(Object.create(docs) as typeof docs, {
        countDocuments: async (...args: Parameters<typeof docs.countDocuments>) => {
          await later()
          return docs.countDocuments(...args)
        },
      })
    })
    const log = t.platform.eventStore
    const append = log.append.bind(log)
    const slowAppend = vi.spyOn(log, 'append').mockImplementation(async (...args) => {
      await later()
      return append(...args)
    })
    onTestFinished(() => {
      slowCount.mockRestore()
      slowAppend.mockRestore()
    })
    const extra = 10
    const answers = await Promise.all(
      Array.from({ length: newAddressesPerDay + extra }, (_, i) =>
        i % 2 === 0 ? invite(ann, newAddress()) : recommendTo(ann, newAddress()),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(newAddressesPerDay)
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra)
  })

  it('leaves addresses already mailed to their own rules: a resend, or a recommendation to someone invited', async () => {
    const ann = await member('ann')
    const [first, second] = await mailNew(ann, newAddressesPerDay)
    expect((await invite(ann, first!)).statusCode).toBe(201)
    expect((await recommendTo(ann, first!, 1)).statusCode).toBe(201)
    expect((await invite(ann, second!)).statusCode).toBe(201)
  })

  it("counts a member's address like any other, so the refusal tells nothing of who has an account", async () => {
    const ann = await member('ann')
    const dan = await member('dan')
    await mailNew(ann, newAddressesPerDay)
    const answer = await invite(ann, dan.user.email)
    expect(answer.statusCode).toBe(429)
    expect(answer.json()).toMatchObject({ message: tooMany })
  })

  it('still counts invitations cancelled since, and allows new addresses again a day later', async () => {
    const ann = await member('ann')
    for (let i = 0; i < newAddressesPerDay; i++) {
      const answer = await invite(ann, newAddress())
      const { id } = answer.json<{ invitation: { id: string } }>().invitation
      expect((await ann.client.delete(`/api/friendships/invitations/${id}`)).statusCode).toBe(200)
    }
    expect((await invite(ann, newAddress())).statusCode).toBe(429)

    clock.advance(day)
    expect((await invite(ann, newAddress())).statusCode).toBe(201)
  })
})
