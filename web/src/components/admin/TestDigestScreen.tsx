import type { AdminUser } from '@reelmates/contracts/userManagement'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { adminUserMatchesQuery } from '../../features/admin/userManagement'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { testDigestQuery, useSendTestDigest } from '../../features/testDigest/testDigest'
import { useOneSendAtATime } from '../../lib/oneSendAtATime'
import { AdminScreen } from '../shell/AdminScreen'
import { AdminSearchField } from './AdminSearchField'
import { AdminLoadFailed } from './AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { searchLimits } from '../../features/admin/searchLimits'
import { TabSwitch } from './TabSwitch'
import { dayMonth, panel, primaryButton, secondaryButton } from '../social/socialStyles'
import { LoadingLine } from '../shell/NotSavedOffline'

/** A short list to pick from beside the preview: the rest are reached by typing more. */
const matchesShown = 8

/**
 * The member whose whole name or address was typed comes first: among newer members whose names
 * hold theirs ("ann" in "joanne"), they could be past the list however much of their name was typed.
 */
function pickable(members: readonly AdminUser[], query: string): AdminUser[] {
  const typed = query.toLowerCase()
  const exact = (member: AdminUser) => member.username.toLowerCase() === typed || member.email.toLowerCase() === typed
  return [...members.filter(exact), ...members.filter((member) => !exact(member))].slice(0, matchesShown)
}

/** /test-digest: pick a member, see their digest as it would go out now, and send it to yourself. */
export function TestDigestScreen() {
  const [text, setText] = useState('')
  const query = useDebouncedValue(text.trim(), 250)
  const [username, setUsername] = useState<string | null>(null)
  const members = useQuery({ ...adminUserMatchesQuery(query), enabled: query !== '' })
  const membersFailure = useShownFailure(members)

  return (
    <AdminScreen title="Test digest">
      <div className="mt-6 grid gap-4 lg:grid-cols-[18rem_1fr]">
        <div className="grid content-start gap-3">
          <AdminSearchField
            label="Find a member"
            value={text}
            placeholder="Username or email"
            maxLength={searchLimits.users}
            onChange={setText}
          />
          {query === '' ? (
            <p className="text-sm text-zinc-400">Search for the member whose digest you want to see.</p>
          ) : membersFailure && !members.data ? (
            <AdminLoadFailed
              error={membersFailure}
              onRetry={() => void members.refetch()}
              className="text-sm text-red-300"
            />
          ) : !members.data ? (
            <p className="text-sm text-zinc-400">Searching…</p>
          ) : members.data.items.length === 0 ? (
            <p className="text-sm text-zinc-400">No member matches “{query}”.</p>
          ) : (
            <MemberMatches
              members={pickable(members.data.items, query)}
              total={members.data.total}
              picked={username}
              onPick={setUsername}
            />
          )}
        </div>
        {username ? (
          <DigestPreview username={username} />
        ) : (
          <div className="rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-14 text-center text-zinc-400">
            Pick a member to render their daily or weekly digest as it would go out now.
          </div>
        )}
      </div>
    </AdminScreen>
  )
}

/** The matches to pick from; when there are more than shown, it says so, and how to reach them. */
function MemberMatches({
  members,
  total,
  picked,
  onPick,
}: {
  members: AdminUser[]
  total: number
  picked: string | null
  onPick: (username: string) => void
}) {
  return (
    <>
      <ul className="grid gap-2" aria-label="Members">
        {members.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              aria-pressed={member.username === picked}
              onClick={() => onPick(member.username)}
              className={`${secondaryButton} w-full justify-between ${member.username === picked ? 'ring-2 ring-gold' : ''}`}
            >
              <span className="truncate">{member.username}</span>
              <span className="text-xs text-zinc-400">{member.digestType}</span>
            </button>
          </li>
        ))}
      </ul>
      {total > members.length ? (
        <p role="status" className="text-sm text-zinc-400">
          Showing {members.length} of {total} matches. Type more of the name or email to narrow them.
        </p>
      ) : null}
    </>
  )
}

function DigestPreview({ username }: { username: string }) {
  const digest = useQuery(testDigestQuery(username))
  const send = useSendTestDigest()
  // Each click is a mail in the admin's inbox: a double click must not send two.
  const sendOnce = useOneSendAtATime()
  const [tab, setTab] = useState<'html' | 'text'>('html')
  const failure = useShownFailure(digest)

  if (failure && !digest.data) return <AdminLoadFailed error={failure} onRetry={() => void digest.refetch()} />
  if (!digest.data) return <LoadingLine what={`the digest of ${username}`} doing={`Rendering ${username}’s digest…`} />
  const { subject, html, text, empty, setting, digestType, from, until } = digest.data
  return (
    <section className={`${panel} grid min-w-0 gap-3`} aria-label={`${username}’s digest`}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="mr-auto min-w-0">
          <p className="text-xs uppercase tracking-wide text-zinc-400">Subject</p>
          <h2 className="text-base font-semibold text-white">{subject}</h2>
          <p className="mt-1 text-xs text-zinc-400">
            {setting === 'none'
              ? `${username} gets no digest; this is the weekly one they would get`
              : `${digestType} digest`}{' '}
            · {dayMonth(from)} – {dayMonth(until)}
          </p>
        </div>
        <button
          type="button"
          className={primaryButton}
          disabled={empty || send.isPending}
          onClick={() => sendOnce(() => send.mutateAsync(username))}
        >
          {send.isPending ? 'Sending…' : 'Send it to me'}
        </button>
      </div>
      {empty ? (
        <p role="status" className="rounded-xl bg-white/5 px-3 py-2 text-sm text-zinc-300">
          Nothing happened for {username} in this period, so no digest would go out.
        </p>
      ) : null}
      <TabSwitch
        label="Digest version"
        tabs={[
          { name: 'html', label: 'HTML' },
          { name: 'text', label: 'Text' },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {tab === 'html' ? (
        // An empty sandbox: the mail's markup is shown, never run, and cannot reach the app.
        <iframe
          title="Digest (HTML)"
          sandbox=""
          srcDoc={html}
          className="h-[28rem] w-full rounded-xl bg-white"
          role="tabpanel"
        />
      ) : (
        <pre
          role="tabpanel"
          aria-label="Digest (text)"
          className="max-h-[28rem] overflow-auto whitespace-pre-wrap rounded-xl bg-black/30 p-4 text-sm text-zinc-200"
        >
          {text}
        </pre>
      )}
    </section>
  )
}
