/**
 * The News dot's rule, for the app's menu and for the gateway (which keeps a publisher's own post from
 * lighting it). A module of its own, without zod, so the app shell can import it.
 *
 * A post published after the last visit is unread; a member who never visited has unread news once any exists.
 */
export function hasUnreadNews(newestPublishedAt: string | null | undefined, lastNewsVisit: string | null): boolean {
  if (!newestPublishedAt) return false
  return lastNewsVisit === null || Date.parse(newestPublishedAt) > Date.parse(lastNewsVisit)
}
