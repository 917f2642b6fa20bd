import type { PageSubjectExists } from './staticWeb'

const memberPage = /^\/profile\/([^/]+)\/?$/
const newsCategoryPage = /^\/news\/category\/([^/]+)\/?$/

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
 * among them). Anyone may already learn whether a username is held (sign-up says it is taken).
 */
export function memberPageExists(members: { byUsername(username: string): Promise<unknown> }): PageSubjectExists {
  return async (path) => {
    const username = named(memberPage, path)
    if (username === undefined) return true
    return username !== null && (await members.byUsername(username)) !== null
  }
}

/** A news category page (`/news/category/{slug}`) names a category the team made, or is a 404. */
export function newsCategoryPageExists(news: { categoryBySlug(slug: string): Promise<unknown> }): PageSubjectExists {
  return async (path) => {
    const slug = named(newsCategoryPage, path)
    if (slug === undefined) return true
    return slug !== null && (await news.categoryBySlug(slug)) !== null
  }
}
