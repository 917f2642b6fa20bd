import { Link } from '@tanstack/react-router'
import { memo, useId, type ReactNode } from 'react'
import type { FeedItem, ReactionEmoji } from '@reelmates/contracts/feed'
import { StarRating } from '../library/StarRating'
import { dayFormat } from '../../lib/dayFormat'
import { useStatusWords } from '../../lib/statusWords'
import { MediaPoster } from '../media/MediaPoster'
import { Avatar } from '../social/Avatar'
import { SpoilerReview } from '../social/SpoilerReview'
import { activityName } from './activityName'
import { ReactionsBar, useReactionStatus } from './ReactionsBar'
import { TimeAgo } from './TimeAgo'
import { earlierWatchDay } from './watchedDay'
import { dateOfDay } from '../../features/library/watchedDate'

const emphasis = 'font-semibold text-white'

/**
 * Who did what, in the reader's words: "You watched…", "You and ann are now friends", "…to you".
 * Each member named links to their profile and the title to its page, as on Letterboxd; "You" does
 * not, the reader's own profile is in the menu. Plain in a heading (the activity's own screen),
 * whose weight is already the emphasis and whose card below carries the links.
 */
export function WhoDidWhat({
  item,
  meId,
  plain = false,
}: {
  item: FeedItem
  meId: string | undefined
  plain?: boolean
}) {
  // Names and titles are set apart (bdi) so that one in a right-to-left script keeps its place in the sentence.
  const strong = (text: string) => (plain ? text : <bdi className={emphasis}>{text}</bdi>)
  const member = (username: string) =>
    plain ? (
      username
    ) : (
      <Link to="/profile/$username" params={{ username }} className={`${emphasis} hover:underline`}>
        <bdi>{username}</bdi>
      </Link>
    )
  const media = mediaOf(item)
  const mine = item.user.id === meId
  const who = mine ? strong('You') : member(item.user.username)
  const title =
    plain || !media ? (
      strong(item.mediaTitle ?? '')
    ) : (
      <Link to="/media/$mediaType/$id" params={media} className={`${emphasis} hover:underline`}>
        <bdi>{item.mediaTitle}</bdi>
      </Link>
    )
  const toMe = item.target !== null && item.target.id === meId
  const target = item.target ? member(item.target.username) : strong('someone')
  switch (item.activityType) {
    case 'watched':
      return (
        <>
          {who} {item.rewatch ? 'rewatched' : 'watched'} {title}
        </>
      )
    case 'watchlist_add':
      return (
        <>
          {who} added {title} to {mine ? 'your' : 'their'} watchlist
        </>
      )
    case 'friendship':
      return toMe ? (
        <>
          {strong('You')} and {member(item.user.username)} are now friends
        </>
      ) : (
        <>
          {who} and {target} are now friends
        </>
      )
    case 'recommendation':
      return (
        <>
          {who} recommended {title} to {toMe ? 'you' : target}
        </>
      )
  }
}

/** When: the time it was logged, after the day it was watched when that was an earlier day. */
function WhenItHappened({ item }: { item: FeedItem }) {
  const watched = earlierWatchDay(item)
  const logged = <TimeAgo iso={item.createdAt} />
  return (
    <span className="mt-0.5 block text-xs text-zinc-400">
      {watched ? (
        <>
          Watched <time dateTime={watched}>{dayFormat.format(dateOfDay(watched))}</time> · logged {logged}
        </>
      ) : (
        logged
      )}
    </span>
  )
}

/** The route params of the title's page, for an activity about a title. */
const mediaOf = (item: FeedItem) =>
  item.tmdbId !== null && item.mediaType !== null ? { mediaType: item.mediaType, id: String(item.tmdbId) } : null

/**
 * In place of what a closed card would offer (its reaction buttons, its comment box): why nothing new
 * can be said there. A card between two members stays theirs to read after they stop being friends.
 */
export function ClosedCardLine({ item, meId }: { item: FeedItem; meId: string | undefined }) {
  const other = item.user.id === meId ? (item.target?.username ?? 'they') : item.user.username
  return (
    <p className="mt-3 text-sm text-zinc-400">
      You and <bdi>{other}</bdi> aren't friends now, so this card takes no new comments or reactions.
    </p>
  )
}

interface ActivityCardProps {
  item: FeedItem
  /** The reader: their own activity reads "You…", their own reactions "you". */
  me?: { id: string; username: string }
  /** Told which activity, so a list can give every card the same function (the card is memoised). */
  onReact: (activityId: string, emoji: ReactionEmoji, on: boolean) => Promise<boolean>
  /** The timeline links to the activity's own screen; that screen shows its comments instead. */
  linkComments?: boolean
  children?: ReactNode
  priority?: boolean
}

/**
 * One activity: poster, who did what and when, rating, review (behind a toggle when it has spoilers),
 * reactions, comments. Memoised: a feed that loads its 50th page draws that page's cards only, as long
 * as the others keep their item (the same object while its data is: useFeedTimeline) and callbacks.
 */
export const ActivityCard = memo(function ActivityCard({
  item,
  me,
  onReact,
  linkComments = true,
  children,
  priority = false,
}: ActivityCardProps) {
  const media = mediaOf(item)
  const meId = me?.id
  const sentence = useId()
  const name = activityName(item, meId)
  const comments = item.commentCount === 1 ? '1 comment' : `${item.commentCount} comments`
  const [said, say] = useStatusWords()
  const sayReaction = useReactionStatus(say)
  return (
    <article
      className="rounded-2xl bg-panel p-4 ring-1 ring-white/10 sm:p-5"
      // Named by its sentence as shown ("You watched Dune"), which is what a reader sees first.
      aria-labelledby={sentence}
      data-activity-id={item.id}
    >
      <div className="flex gap-4">
        {/* The poster goes where the title in the sentence goes, for a pointer only: one stop for the
            keyboard and one name for a screen reader. */}
        {media ? (
          <Link
            to="/media/$mediaType/$id"
            params={media}
            className="w-16 shrink-0 sm:w-20"
            tabIndex={-1}
            aria-hidden="true"
          >
            <MediaPoster
              title={item.mediaTitle ?? ''}
              posterPath={item.mediaPosterPath}
              seed={item.tmdbId ?? 0}
              priority={priority}
            />
          </Link>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2.5">
            <Avatar username={item.user.username} avatarUrl={item.user.avatarUrl} size="xs" />
            <p className="text-sm leading-snug text-zinc-300">
              <span id={sentence}>
                <WhoDidWhat item={item} meId={meId} />
              </span>
              <WhenItHappened item={item} />
            </p>
          </div>
          {item.rating !== null || item.recommend ? (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-zinc-400">
              <StarRating rating={item.rating} size="md" />
              {item.recommend ? (
                <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-emerald-300">Recommends</span>
              ) : null}
            </div>
          ) : null}
          {item.review ? (
            <SpoilerReview
              text={item.review}
              containsSpoilers={item.containsSpoilers}
              shownKey={item.id}
              byReader={meId !== undefined && item.user.id === meId}
              about={`${item.user.username}'s review of ${item.mediaTitle ?? 'a title'}`}
              inFull={!linkComments}
            />
          ) : null}
        </div>
      </div>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ReactionsBar
          reactions={item.reactions}
          onToggle={(emoji, on) => {
            // The toggle's new count and state are not read out by themselves: the outcome is said.
            sayReaction(emoji, on, name, onReact(item.id, emoji, on))
          }}
          subject={name}
          me={me?.username}
          readOnly={item.closed}
        />
        <p role="status" className="sr-only">
          {said}
        </p>
        {linkComments ? (
          <Link
            to="/activity/$id"
            params={{ id: item.id }}
            // A finger's target (WCAG 2.5.8), not only its line of text.
            className="-my-2 py-2 text-sm font-medium text-zinc-400 hover:text-white"
            aria-label={`${comments} on ${name}`}
          >
            {comments}
          </Link>
        ) : null}
      </footer>
      {/* On the activity's own screen the line takes the comment box's place, below the comments. */}
      {item.closed && linkComments ? <ClosedCardLine item={item} meId={meId} /> : null}
      {children}
    </article>
  )
})
