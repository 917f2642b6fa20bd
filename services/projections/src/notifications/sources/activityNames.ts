import type { ActivitySummary } from '@reelmates/contracts/feed'

/**
 * How a line about a comment or a reaction names the activity: "your watch of Dune". The draft keeps
 * the activity's type and title in `detail`, and the words are made when the line is read, so they can
 * change without rebuilding the bell. A title is nobody's personal data; the owner's name is, and is
 * never kept (a thread's line names the title alone).
 */
export function activityDetail(activity: ActivitySummary | undefined): Record<string, string> {
  if (activity?.mediaTitle) return { activityType: activity.type, title: activity.mediaTitle }
  // A friendship has no title but is named all the same; an event recorded before titles does not say.
  return activity?.type === 'friendship' ? { activityType: 'friendship' } : {}
}

const nouns = new Map<string, string>([
  ['watched', 'watch'],
  ['watchlist_add', 'watchlist add'],
  ['recommendation', 'recommendation'],
])

/** "your watch of Dune", "your watchlist add of Dune", "your friendship"; "your activity" when the line does not know. */
export function yourActivity(detail: Readonly<Record<string, string>>): string {
  if (detail.activityType === 'friendship') return 'your friendship'
  const noun = nouns.get(detail.activityType ?? '')
  return noun && detail.title ? `your ${noun} of ${detail.title}` : 'your activity'
}

/**
 * An activity another member owns and addressed to me: "the recommendation of Dune to you", "your
 * friendship" (its card says "You and Bob are now friends" to both).
 */
export function activityForYou(detail: Readonly<Record<string, string>>): string {
  if (detail.activityType === 'recommendation' && detail.title) return `the recommendation of ${detail.title} to you`
  return detail.activityType === 'friendship' ? 'your friendship' : 'an activity shared with you'
}

/** The detail of a line to whom the activity is addressed (`addresseeIds`) rather than to its owner. */
export const addressedDetail = (detail: Readonly<Record<string, string>>): Record<string, string> => ({
  ...detail,
  addressed: 'yes',
})

/** The activity as the line's reader has it: "your watch of Dune", or "the recommendation of Dune to you". */
export const theirActivity = (detail: Readonly<Record<string, string>>): string =>
  detail.addressed ? activityForYou(detail) : yourActivity(detail)

/** "your comment on Dune"; "your comment" when the line does not know the title. */
export const yourComment = (detail: Readonly<Record<string, string>>): string =>
  detail.title ? `your comment on ${detail.title}` : 'your comment'
