import { describe, expect, it } from 'vitest'
import { ProfileUpdated, UserRegistered } from '@reelmates/contracts/account'
import { projectorHarness } from '../testing/projectorHarness'
import { userQueries } from './userQueries'
import { users } from './users'

let nextId = 1
const registered = (username: string) =>
  UserRegistered({
    userId: `u${nextId++}`,
    username,
    email: `${nextId}@example.com`,
    passwordHash: 'scrypt$secret',
    location: null,
    bio: null,
    invitationToken: null,
    registeredAt: '2026-11-20T20:00:00.000Z',
  })

async function membersNamed(...usernames: string[]) {
  const h = await projectorHarness(users)
  await h.given(...usernames.map(registered))
  const queries = userQueries(h.db)
  return { h, find: async (q: string, limit = 10) => (await queries.search(q, limit)).map((user) => user.username) }
}

describe('finding people by the start of their name', () => {
  it('ignores accents, in the name and in what was typed', async () => {
    const { find } = await membersNamed('Émile', 'zoë', 'Ölaf', 'Ada')
    expect(await find('emile')).toEqual(['Émile'])
    expect(await find('zoe')).toEqual(['zoë'])
    expect(await find('olaf')).toEqual(['Ölaf'])
    expect(await find('ÉMI')).toEqual(['Émile'])
  })

  it('finds letters that do not decompose by how they are spelled out', async () => {
    const { find } = await membersNamed('ßtefan', 'Ørjan', 'Ærø', 'stefan')
    expect(await find('ss')).toEqual(['ßtefan'])
    expect(await find('orj')).toEqual(['Ørjan'])
    expect(await find('aer')).toEqual(['Ærø'])
  })

  it('still finds a name typed as it is written', async () => {
    const { find } = await membersNamed('Émile', 'zoë')
    expect(await find('Émile')).toEqual(['Émile'])
    expect(await find('zoë')).toEqual(['zoë'])
  })

  it('sorts a name beginning with an accented letter among its plain letter, not after z', async () => {
    const { find } = await membersNamed('zed', 'Élodie', 'eve', 'Ebba', 'anna')
    expect(await find('e')).toEqual(['Ebba', 'Élodie', 'eve'])
  })

  it('orders names that fold alike by the name as written', async () => {
    const { find } = await membersNamed('zoë', 'Zoe', 'zoe')
    expect(await find('zoe')).toEqual(['Zoe', 'zoe', 'zoë'])
  })

  it('honours the limit after ordering', async () => {
    const { find } = await membersNamed('emma', 'Émile', 'eddie')
    expect(await find('e', 2)).toEqual(['eddie', 'Émile'])
  })

  it('follows a renamed member', async () => {
    const { h, find } = await membersNamed('Ada')
    await h.given(ProfileUpdated({ userId: `u${nextId - 1}`, username: 'Ængus' }))
    expect(await find('aen')).toEqual(['Ængus'])
    expect(await find('ada')).toEqual([])
  })

  it('finds nobody for a query of nothing but accents', async () => {
    const { find } = await membersNamed('Ada')
    expect(await find('\u0301')).toEqual([])
  })
})
