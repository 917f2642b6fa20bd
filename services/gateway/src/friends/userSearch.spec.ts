import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserSearchAnswer } from '@reelmates/contracts/friendships'
import { register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const search = async (who: Registered, q: string) => {
  const answer = await who.client.get(`/api/users/search?q=${q}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<UserSearchAnswer>()
}

describe('finding people by name when more match than are shown', () => {
  let seeker: Registered
  beforeAll(async () => {
    seeker = await register(t.app, 'seeker')
    // Eleven names start with "pal", one more than a search shows; ten with "pal0".
    for (let i = 0; i < 11; i++) await register(t.app, `pal${String(i).padStart(2, '0')}`)
  })

  it('shows the first 10 by name and says there are more', async () => {
    const found = await search(seeker, 'pal')
    expect(found.users.map((user) => user.username)).toEqual([
      'pal00',
      'pal01',
      'pal02',
      'pal03',
      'pal04',
      'pal05',
      'pal06',
      'pal07',
      'pal08',
      'pal09',
    ])
    expect(found.more).toBe(true)
  })

  it('says there are no more when exactly as many match as are shown', async () => {
    const found = await search(seeker, 'pal0')
    expect(found.users).toHaveLength(10)
    expect(found.more).toBe(false)
  })
})

describe('finding people by name whatever their accents', () => {
  let seeker: Registered
  beforeAll(async () => {
    seeker = await register(t.app, 'accentseeker')
    // An accent in the address's local part is no concern here: each gets a plain one.
    const named = { Émeric: 'emeric', emma: 'emma', Emory: 'emory', Øyvind: 'oyvind' }
    for (const [username, local] of Object.entries(named))
      await register(t.app, username, { email: `${local}@example.com` })
  })

  it('finds a name with an accent from the letters without it', async () => {
    expect((await search(seeker, 'emer')).users.map((user) => user.username)).toEqual(['Émeric'])
    expect((await search(seeker, 'oyv')).users.map((user) => user.username)).toEqual(['Øyvind'])
  })

  it('lists a name beginning with an accented letter among the plain ones', async () => {
    expect((await search(seeker, 'em')).users.map((user) => user.username)).toEqual(['Émeric', 'emma', 'Emory'])
  })
})
