import { username as usernameSchema } from '@reelmates/contracts/account'
import type { PublicProfileAnswer } from '@reelmates/contracts/profiles'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useState, type ReactNode } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import { publicProfileQuery, publicWatchesQuery } from '../../features/friends/queries'
import { isApiError } from '../../lib/apiError'
import { useDocumentTitle } from '../../lib/documentTitle'
import { PublicShell } from '../shell/PublicShell'
import { Avatar } from './Avatar'
import { FavouriteGenres } from './FavouriteGenres'
import { RecommendationStats } from '../recommendations/RecommendationStats'
import { FriendButton } from './FriendButton'
import { PublicWatchList } from './PublicWatchList'
import { monthYear, panel, primaryButton, secondaryButton, sectionHeading } from './socialStyles'
import { Loading } from '../shell/NotSavedOffline'
import { TryAgain } from '../shell/TryAgain'
import { eachLineItsDirection } from '../../lib/textDirection'
import { appLocale } from '../../lib/appLocale'
import { useShownFailure } from '../../lib/shownFailure'

function Centered({ eyebrow, title, children }: { eyebrow?: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="screen-title" className="grid justify-items-center gap-4 py-10 text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-reel">{eyebrow}</p> : null}
      <h1 id="screen-title" className="text-3xl font-bold text-white">
        {title}
      </h1>
      {children}
    </section>
  )
}

function Stat({ value, label, to }: { value: number; label: string; to?: '/friends' }) {
  const body = (
    <>
      <span className="block text-2xl font-bold tabular-nums text-white sm:text-3xl">
        {value.toLocaleString(appLocale)}
      </span>
      <span className="text-xs font-medium uppercase tracking-widest text-zinc-400">{label}</span>
    </>
  )
  return (
    <div className="flex-1 rounded-2xl bg-panel px-3 py-3 text-center ring-1 ring-white/10">
      {to ? (
        <Link to={to} className="block hover:opacity-80">
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  )
}

const moreButton =
  'h-11 rounded-full bg-white/10 px-6 text-sm font-semibold text-zinc-100 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-60'

/**
 * The latest public watches the profile came with, then older ones a page at a time on "Show
 * more", back to the first: the count above says how many there are, and every one can be read.
 */
function PublicWatches({ username, profile }: { username: string; profile: PublicProfileAnswer }) {
  const from = profile.recentNextCursor
  const [asked, setAsked] = useState(false)
  const more = useInfiniteQuery({ ...publicWatchesQuery(username, from ?? ''), enabled: asked && from !== null })
  const watches = [...profile.recent, ...(more.data?.pages.flatMap((page) => page.items) ?? [])]
  const [focusAt, setFocusAt] = useState<number | null>(null)
  const focused = useCallback(() => setFocusAt(null), [])
  const showMore = () => {
    setFocusAt(watches.length)
    if (!asked) setAsked(true)
    else void more.fetchNextPage()
  }
  const hasMore = from !== null && (!more.data || more.hasNextPage)
  // Kept while Try again asks: the alert and its button stay, saying they are trying.
  const failure = useShownFailure(more)
  const loading = more.isFetching && !failure
  return (
    <>
      <div className={panel}>
        <PublicWatchList watches={watches} focusAt={focusAt} onFocused={focused} own={profile.friendship === 'self'} />
      </div>
      {failure ? (
        <p role="alert" className="mt-4 text-center text-sm text-zinc-300">
          We couldn&apos;t load more of {username}&apos;s watches.{' '}
          <TryAgain
            onRetry={() => void (more.data ? more.fetchNextPage() : more.refetch())}
            failure={failure}
            className=""
            look="font-semibold text-reel hover:underline"
          />
        </p>
      ) : hasMore ? (
        <div className="mt-6 flex justify-center">
          <button type="button" disabled={loading} onClick={showMore} className={moreButton}>
            {loading ? 'Loading…' : 'Show more'}
          </button>
        </div>
      ) : null}
    </>
  )
}

function ProfileView({ profile }: { profile: PublicProfileAnswer }) {
  const { user, stats, favouriteGenres, recent, friendship, friendshipId } = profile
  const isSelf = friendship === 'self'
  return (
    <div className="grid grid-cols-1 gap-8">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:gap-6 sm:text-left">
        <Avatar username={user.username} avatarUrl={user.avatarUrl} size="lg" className="ring-2 ring-white/10" />
        <div className="min-w-0 flex-1">
          <h1 id="screen-title" className="text-3xl font-bold tracking-tight text-white">
            {user.username}
          </h1>
          <p className="mt-1 text-sm text-zinc-400">
            {[user.location, `Member since ${monthYear(user.createdAt)}`].filter(Boolean).join(' · ')}
          </p>
          {user.bio ? (
            <p dir="auto" className={`mt-3 max-w-prose whitespace-pre-line text-zinc-300 ${eachLineItsDirection}`}>
              {user.bio}
            </p>
          ) : null}
          <div className="mt-4 flex justify-center sm:justify-start">
            {isSelf ? (
              <Link to="/profile" className="text-sm font-semibold text-reel hover:underline">
                Edit your profile
              </Link>
            ) : (
              <FriendButton relation={friendship} username={user.username} friendshipId={friendshipId ?? ''} />
            )}
          </div>
        </div>
      </header>

      <div className="flex gap-2 sm:gap-3" role="group" aria-label="Counts">
        <Stat value={stats.watched} label="Watched" />
        <Stat value={stats.watchlist} label="Watchlist" />
        <Stat
          value={stats.friends}
          label={stats.friends === 1 ? 'Friend' : 'Friends'}
          {...(isSelf ? { to: '/friends' as const } : {})}
        />
      </div>

      <FavouriteGenres genres={favouriteGenres} />

      <RecommendationStats stats={profile.recommendations} />

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className={`${sectionHeading} mb-4`}>
          Recently watched
        </h2>
        {recent.length > 0 ? (
          <PublicWatches username={user.username} profile={profile} />
        ) : (
          <p className="rounded-2xl border border-dashed border-white/10 bg-panel/60 px-6 py-10 text-center text-sm text-zinc-400">
            {isSelf
              ? 'Watches you log in public show here. Private ones never do.'
              : `${user.username} hasn't logged a public watch yet.`}
          </p>
        )}
      </section>
    </div>
  )
}

/** /profile/{username}: an open address; the profile itself is for signed-in members (spec §2). */
export function PublicProfileScreen({ username }: { username: string }) {
  const { data: viewer } = useCurrentUser()
  // A name no account could have (an email, say) is not asked about at all.
  const possible = usernameSchema.safeParse(username).success
  const query = useQuery({ ...publicProfileQuery(username), enabled: possible })
  const failure = useShownFailure(query)
  const status = isApiError(failure) ? failure.status : undefined
  const notFound = !possible || status === 404
  useDocumentTitle(notFound ? 'Profile not found' : username)
  const home = viewer ? ({ to: '/home', label: 'Go home' } as const) : ({ to: '/sign_in', label: 'Sign in' } as const)

  let body: ReactNode
  if (notFound) {
    body = (
      <Centered eyebrow="Profile not found" title="No one goes by that name">
        <p className="max-w-md text-zinc-400">
          No Reelmates member goes by <span className="font-semibold text-zinc-200">{username}</span> now. The link may
          be misspelt, or whoever had this name changed it or left Reelmates.
          {viewer ? ' Your friends are listed under their current names on your Friends page.' : null}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {viewer ? (
            <Link to="/friends" className={primaryButton}>
              Find people
            </Link>
          ) : null}
          <Link to={home.to} className={viewer ? secondaryButton : primaryButton}>
            {home.label}
          </Link>
        </div>
      </Centered>
    )
  } else if (status === 401) {
    body = (
      <Centered title={username}>
        <p className="max-w-md text-zinc-400">
          Sign in to see {username}'s profile, what they watched and how they rated it.
        </p>
        <Link to="/sign_in" search={{ returnTo: `/profile/${username}` }} className={primaryButton}>
          Sign in
        </Link>
      </Centered>
    )
  } else if (failure && !query.data) {
    body = (
      <Centered title="Couldn't load this profile">
        <p role="alert" className="text-zinc-400">
          Something went wrong while loading {username}'s profile. Please try again.
        </p>
        <div>
          <TryAgain onRetry={() => void query.refetch()} failure={failure} className="" look={primaryButton} />
        </div>
      </Centered>
    )
  } else if (query.data) {
    body = (
      <section aria-labelledby="screen-title">
        <ProfileView profile={query.data} />
      </section>
    )
  } else {
    body = (
      <Loading what={`${username}’s profile`}>
        <p aria-hidden="true" className="py-10 text-center text-zinc-400">
          Loading {username}'s profile…
        </p>
      </Loading>
    )
  }
  return <PublicShell>{body}</PublicShell>
}
