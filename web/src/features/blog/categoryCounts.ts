import type { AdminBlogCategory } from '@reelmates/contracts/blog'

type Counts = Pick<AdminBlogCategory, 'postCount' | 'draftCount'>

const drafts = (count: number) => `${count} draft${count === 1 ? '' : 's'}`

/**
 * A category's posts as the admins' list names them: the published ones (all the news shows and
 * counts) and the drafts apart, so a category holding only a draft does not read as empty.
 */
export function categoryCountLabel({ postCount, draftCount }: Counts): string {
  if (postCount === 0 && draftCount === 0) return 'no posts'
  return draftCount === 0 ? `${postCount} published` : `${postCount} published · ${drafts(draftCount)}`
}

/** What deleting a category takes from its posts, for the question asked first. */
export function categoryPostsSentence({ postCount, draftCount }: Counts): string {
  const total = postCount + draftCount
  if (total === 0) return 'No post is in this category.'
  return `It is on ${total} post${total === 1 ? '' : 's'} (${postCount} published, ${drafts(draftCount)}), which stay${total === 1 ? 's' : ''} without it.`
}
