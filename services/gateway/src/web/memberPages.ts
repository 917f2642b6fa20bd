import { existsWithin } from './existsWithin'
import type { PageSubjectExists } from './staticWeb'

const memberPage = /^\/profile\/([^/]+)\/?$/
const newsCategoryPage = /^\/news\/category\/([^/]+)\/?$/

/** How long a page's HTML waits for the read store before it goes out as a 200 regardless (`existsWithin`). */
const lookUpWaitMs = 300

/**
 * A page whose address carries a name (`pattern`'s first group, as the router decodes it) exists when
 * `find` finds something by that name within `waitMs` (`existsWithin`); an address it cannot decode
 * names nothing, and one of another page is not this check's to judge.
 */
function pageNaming(pattern: RegExp, find: (name: string) => Promise<unknown>, waitMs: number): PageSubjectExists {
  return async (path) => {
    const raw = pattern.exec(path)?.[1]
    if (raw === undefined) return true
    let name: string
    try {
      name = decodeURIComponent(raw)
    } catch {
      return false
    }
    return existsWithin(async () => (await find(name)) !== null, waitMs)
  }
}

/**
 * A profile page (`/profile/{username}`) names a member, or is a 404 (a deleted account's old link
 * among them). Whether a username is held is no secret: any member finds people by the start of
 * their names, and sign-up says a name is taken.
 */
export const memberPageExists = (
  members: { byUsername(username: string): Promise<unknown> },
  waitMs = lookUpWaitMs,
): PageSubjectExists => pageNaming(memberPage, (username) => members.byUsername(username), waitMs)

/** A news category page (`/news/category/{slug}`) names a category the team made, or is a 404. */
export const newsCategoryPageExists = (
  news: { categoryBySlug(slug: string): Promise<unknown> },
  waitMs = lookUpWaitMs,
): PageSubjectExists => pageNaming(newsCategoryPage, (slug) => news.categoryBySlug(slug), waitMs)
