import { describe, expect, it } from 'vitest'
import { UserRegistered } from '@reelmates/contracts/account'
import { projectorHarness } from '../testing/projectorHarness'
import { adminUserQueries } from './adminUserQueries'
import { users } from './users'

/** `count` members, one a minute, with two pairs signed up in the same second (ties broken by id). */
function signUps(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const minute = index - (index === 7 || index === 150 ? 1 : 0)
    return UserRegistered({
      userId: `u${String(index).padStart(3, '0')}`,
      username: index % 10 === 0 ? `film${index}` : `member${index}`,
      email: `m${index}@example.com`,
      passwordHash: 'scrypt$secret',
      location: null,
      bio: null,
      invitationToken: null,
      registeredAt: new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString(),
    })
  })
}

async function everyPage(queries: ReturnType<typeof adminUserQueries>, text?: string) {
  const pages = []
  let after: string | undefined
  do {
    const page = await queries.search(text, { limit: 40, ...(after === undefined ? {} : { after }) })
    pages.push(page)
    after = page.nextCursor ?? undefined
  } while (after !== undefined)
  return pages
}

describe('the admin list of accounts', () => {
  it('says how many match in all, and pages through every one newest first without a repeat', async () => {
    const h = await projectorHarness(users)
    await h.given(...signUps(205))
    const queries = adminUserQueries(h.db)

    const first = await queries.search(undefined)
    expect(first.items).toHaveLength(100)
    expect(first.total).toBe(205)
    expect(first.nextCursor).not.toBeNull()

    const pages = await everyPage(queries)
    expect(pages.map((page) => page.items.length)).toEqual([40, 40, 40, 40, 40, 5])
    expect(pages.every((page) => page.total === 205)).toBe(true)
    const ids = pages.flatMap((page) => page.items.map((item) => item.id))
    expect(new Set(ids).size).toBe(205)
    const order = pages.flatMap((page) => page.items.map((item) => [item.createdAt, item.id] as const))
    const sorted = [...order].sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : b.localeCompare(a)))
    expect(order).toEqual(sorted)
  })

  it('pages a search the same way, counting only its matches', async () => {
    const h = await projectorHarness(users)
    await h.given(...signUps(205))
    const pages = await everyPage(adminUserQueries(h.db), 'FILM')
    expect(pages.map((page) => [page.items.length, page.total])).toEqual([[21, 21]])
    expect(pages[0]?.nextCursor).toBeNull()
  })

  it('finds an account by its id, as the event history shows it', async () => {
    const h = await projectorHarness(users)
    const id = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'
    await h.given(UserRegistered({ ...signUps(1)[0]!.data, userId: id, username: 'quiet', email: 'q@example.com' }))
    await h.given(...signUps(3))
    const found = await adminUserQueries(h.db).search(` ${id.toUpperCase()} `)
    expect(found.items.map((item) => item.username)).toEqual(['quiet'])
    expect(found.total).toBe(1)
  })
})
