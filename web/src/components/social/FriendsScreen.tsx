import { useQuery } from '@tanstack/react-query'
import { friendsListQuery, friendsRefetchMs } from '../../features/friends/queries'
import { useListToShow } from '../../features/offline/keptEmpty'
import { useDocumentTitle } from '../../lib/documentTitle'
import { scrollBehavior } from '../../lib/reducedMotion'
import { LoadFailed } from '../library/ScreenHeader'
import { FindPeople, findPeopleInputId } from './FindPeople'
import { IncomingRequests, SentRequests } from './FriendLists'
import { FriendsGrid } from './FriendsGrid'
import { InviteByEmail, inviteInputId } from './InviteByEmail'
import { primaryButton, secondaryButton } from './socialStyles'
import { Loading } from '../shell/NotSavedOffline'
import { useShownFailure } from '../../lib/shownFailure'

const focusField = (id: string) => {
  const field = document.getElementById(id)
  field?.scrollIntoView({ block: 'center', behavior: scrollBehavior() })
  field?.focus({ preventScroll: true })
}

function NoFriendsYet() {
  return (
    <div className="grid place-items-center rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-12 text-center">
      <div className="max-w-sm">
        <h3 className="text-lg font-semibold text-white">Movies are better with friends</h3>
        <p className="mt-2 text-sm text-zinc-400">
          Add the people whose taste you trust: you'll see what they watch and how they rate it in your feed and on
          every title page.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <button type="button" className={primaryButton} onClick={() => focusField(findPeopleInputId)}>
            Find people
          </button>
          <button type="button" className={secondaryButton} onClick={() => focusField(inviteInputId)}>
            Invite by email
          </button>
        </div>
      </div>
    </div>
  )
}

function countLine(friends: number, requests: number): string {
  const parts = [`${friends} ${friends === 1 ? 'friend' : 'friends'}`]
  if (requests > 0) parts.push(`${requests} ${requests === 1 ? 'request' : 'requests'} to answer`)
  return parts.join(' · ')
}

/**
 * /friends: requests to answer, my friends, finding and inviting people, and what I sent. On a phone
 * it reads top to bottom in the order people use it (find someone first); on a wide screen the finding
 * and inviting sit in a column beside the lists. The keyboard and a screen reader go in the phone's
 * order on both.
 */
export function FriendsScreen({ myId }: { myId: string }) {
  useDocumentTitle('Friends')
  const query = useQuery({ ...friendsListQuery(), refetchInterval: friendsRefetchMs })
  const failure = useShownFailure(query)
  // "No friends yet" from a list kept on the device, while the fresh one comes, is not said.
  const friends = useListToShow(query.data?.friends, query)
  const data = friends && query.data

  return (
    <section aria-labelledby="screen-title">
      <header className="mb-6">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-amber-400">Your people</p>
        <h1 id="screen-title" className="mt-1 font-serif text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          Friends
        </h1>
        <p className="mt-1 text-sm text-zinc-400" aria-live="polite">
          {data ? countLine(data.friends.length, data.incoming.length) : '\u00a0'}
        </p>
      </header>
      {/* In the DOM in the order a phone shows them, top to bottom, which is the keyboard's order
          everywhere: finding people, the requests to answer, my friends, inviting, what I sent. On a
          wide screen the grid puts finding people at the top of the right column with inviting and
          what I sent under it; the left column spans both rows, and the second row grows (1fr) so
          the two columns stay as tall as their own contents. */}
      <div className="flex flex-col gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-10 lg:gap-y-6">
        <div className="lg:col-start-2 lg:row-start-1">
          <FindPeople myId={myId} />
        </div>
        <div className="flex flex-col gap-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {!failure && !data ? (
            <Loading what="Your friends list">
              <div className="grid gap-2 sm:grid-cols-2" aria-hidden="true">
                {Array.from({ length: 4 }, (_, index) => (
                  <div key={index} className="h-[4.5rem] animate-pulse rounded-2xl bg-panel-2" />
                ))}
              </div>
            </Loading>
          ) : !data ? (
            <LoadFailed failure={failure} onRetry={() => void query.refetch()} />
          ) : (
            <>
              {/* Kept (hidden while empty) when the last request is answered: it hands the focus on then. */}
              <div className="empty:hidden">
                <IncomingRequests items={data.incoming} />
              </div>
              <FriendsGrid items={data.friends} empty={<NoFriendsYet />} />
            </>
          )}
        </div>
        <div className="flex flex-col gap-8 lg:col-start-2 lg:row-start-2 lg:gap-6">
          <InviteByEmail />
          {data ? <SentRequests outgoing={data.outgoing} invitations={data.invitations} /> : null}
        </div>
      </div>
    </section>
  )
}
