import type { ActivitySummary } from '@reelmates/contracts/feed'

/**
 * How a line about a comment or a reaction names the activity: "your watch of Dune". The draft keeps
 * the activity's type and title in `detail`, and the words are made when the line is read, so they can
 * change without rebuilding the bell. A title is nobody's personal data; the owner's name is, and is
 * never kept (a thread's line names the title alone).
 */
export function activityDetail(activity: ActivitySummary | undefined): Record<string, string> {
  // A friendship has no title, and an event recorded before titles were carried does not say.
  return activity?.mediaTitle ? { activityType: activity.type, title: activity.mediaTitle } : {}
}

const nouns = new Map<string, string>([
  ['watched', 'watch'],
  ['watchlist_add', 'watchlist add'],
  ['recommendation', 'recommendation'],
])

/** "your watch of Dune", "your watchlist add of Dune"; "your activity" when the line does not know. */
export function yourActivity(detail: Readonly<Record<string, string>>): string {
  const noun = nouns.get(detail.activityType ?? '')
  return noun && detail.title ? `your ${noun} of ${detail.title}` : 'your activity'
}

/** "your comment on Dune"; "your comment" when the line does not know the title. */
export const yourComment = (detail: Readonly<Record<string, string>>): string =>
  detail.title ? `your comment on ${detail.title}` : 'your comment'
