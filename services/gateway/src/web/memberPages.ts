import { existsWithin } from './existsWithin'
import type { PageSubjectExists } from './staticWeb'

const memberPage = /^\/profile\/([^/]+)\/?$/
const newsCategoryPage = /^\/news\/category\/([^/]+)\/?$/

/** How long a page's HTML waits for the read store before it goes out as a 200 regardless (`existsWithin`). */
const lookUpWaitMs = 300

/** The name a page address carries, as the router reads it; an address it cannot decode names nothing. */
function named(pattern: RegExp, path: string): string | null | undefined {
  const raw = pattern.exec(path)?.[1]
  if (raw === undefined) return undefined
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/**
 * A profile page (`/profile/{username}`) names a member, or is a 404 (a deleted account's old link
 * among them). Whether a username is held is no secret: any member finds people by the start of
 * their names, and sign-up says a name is taken.
 */
export function memberPageExists(
  members: { byUsername(username: string): Promise<unknown> },
  waitMs = lookUpWaitMs,
): PageSubjectExists {
  return async (path) => {
    const username = named(memberPage, path)
    if (username === undefined) return true
    return username !== null && existsWithin(async () => (await members.byUsername(username)) !== null, waitMs)
  }
}

/** A news category page (`/news/category/{slug}`) names a category the team made, or is a 404. */
export function newsCategoryPageExists(
  news: { categoryBySlug(slug: string): Promise<unknown> },
  waitMs = lookUpWaitMs,
): PageSubjectExists {
  return async (path) => {
    const slug = named(newsCategoryPage, path)
    if (slug === undefined) return true
    return slug !== null && existsWithin(async () => (await news.categoryBySlug(slug)) !== null, waitMs)
  }
}
