import { describe, expect, it } from 'vitest'
import { NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import { announcementTo } from '../testing/announcement'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { notificationQueries } from './notificationQueries'
import { notifications } from './notifications'

const ann = 'ann-id'
const admin = 'admin-id'

const announced = (n: number, publishedAt: string) => announcementTo(ann, admin, n, publishedAt)

/** A bell with these announcements in it, the first the oldest; `sameTime` records them all at once. */
async function bellWith(count: number, { sameTime = false } = {}) {
  const h = await projectorHarness(notifications)
  await seedUsers(h.db, { [ann]: 'ann', [admin]: 'admin' })
  for (let n = 1; n <= count; n += 1) {
    const at = sameTime ? '2026-11-20T10:00:00.000Z' : new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString()
    h.at(at)
    await h.given(announced(n, at))
  }
  const queries = notificationQueries(h.db)
  /** Every page of `limit` from the newest, as the bell's "Show older" asks for them. */
  const pages = async (limit: number) => {
    const found: string[][] = []
    let cursor: string | undefined
    while (found.length < 10) {
      const page = await queries.list(ann, { limit, ...(cursor === undefined ? {} : { cursor }) })
      found.push(page.items.map((item) => item.text.replace(': Read on', '')))
      if (page.nextCursor === null) return found
      cursor = page.nextCursor
    }
    throw new Error(`still a next page after ${found.length}: ${JSON.stringify(found)}`)
  }
  return { ...h, queries, pages }
}

describe('the bell, a page at a time', () => {
  it('answers the newest page and a cursor to the older ones, none on the last page', async () => {
    const h = await bellWith(5)
    expect(await h.pages(2)).toEqual([['News 5', 'News 4'], ['News 3', 'News 2'], ['News 1']])
  })

  it('has no next page when the last one is exactly full', async () => {
    const h = await bellWith(4)
    expect(await h.pages(2)).toEqual([
      ['News 4', 'News 3'],
      ['News 2', 'News 1'],
    ])
  })

  it('neither repeats nor skips notifications recorded at the same moment', async () => {
    const h = await bellWith(5, { sameTime: true })
    const pages = await h.pages(2)
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1])
    expect(pages.flat().sort()).toEqual(['News 1', 'News 2', 'News 3', 'News 4', 'News 5'])
  })

  it('counts the unread ones of every page on each page', async () => {
    const h = await bellWith(5)
    await h.given(
      NotificationsMarkedRead({
        userId: ann,
        ids: [`${(await h.queries.list(ann, { limit: 1 })).items[0]?.id}`],
        readAt: '2026-11-21T00:00:00.000Z',
      }),
    )
    const first = await h.queries.list(ann, { limit: 2 })
    const older = await h.queries.list(ann, { limit: 2, cursor: first.nextCursor ?? undefined })
    expect([first.unreadCount, older.unreadCount]).toEqual([4, 4])
    expect([first.unseenCount, older.unseenCount]).toEqual([4, 4])
  })
})
