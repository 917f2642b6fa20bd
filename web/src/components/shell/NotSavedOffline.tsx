import type { ReactNode } from 'react'
import { useConnection, useOnline, whenChangesGoOut } from '../../lib/connection'

/** What a screen shows instead of its skeleton when offline (see `Loading`). */
export function NotSavedOffline({ what, size = 'page' }: { what: string; size?: 'page' | 'row' }) {
  return (
    <div
      role="status"
      className={`rounded-2xl border border-dashed border-white/10 px-6 text-center ${size === 'page' ? 'py-12' : 'py-6'}`}
    >
      <p className="font-semibold text-white">{what} isn’t saved on this device.</p>
      <p className="mt-2 text-sm text-zinc-400">It opens by itself {whenChangesGoOut()}.</p>
    </div>
  )
}

/**
 * Every screen's "not loaded yet": its skeleton, or offline, that what it waits for is not kept here.
 * Queries wait for the connection while offline (TanStack's default network mode, which
 * `useOnline` follows), so a skeleton shown offline would promise a load that is not coming; an
 * answer the device kept is shown without passing through here, and once the connection returns the
 * waiting request goes out and the skeleton is back until it lands.
 */
export function Loading({
  what,
  size,
  announce = size !== 'row',
  children,
}: {
  what: string
  size?: 'page' | 'row'
  /** Said as a status: a page's load, or a row that is all its place shows (a dialog's list). */
  announce?: boolean
  children: ReactNode
}) {
  const online = useOnline()
  if (!online) return <NotSavedOffline what={what} {...(size ? { size } : {})} />
  // A skeleton is hidden from screen readers, so without words the page read as empty while it
  // loaded. A page's load is said as a status (WCAG 4.1.3); a row's is only there to be read, or a
  // home page of eight rows would say "loading" eight times. Beside the skeleton, not around it: the
  // words take no place in the layout, and a wrapper would break a grid or a row the skeleton is in.
  return (
    <>
      <p className="sr-only" {...(announce ? { role: 'status' } : {})}>
        {loadingWords(what)}
      </p>
      {children}
    </>
  )
}

/** "Your feed" → "Loading your feed…"; a name ("ann’s profile") keeps its capitals. */
export const loadingWords = (what: string) =>
  `Loading ${what.replace(/^(Your|This|The) /, (word) => word.toLowerCase())}…`

/**
 * A list's "Loading users…" where nothing is kept on the device (the admin area, the notifications):
 * while the server cannot be reached its query waits rather than fails (lib/connection), and the words
 * said "Loading users…" for as long as that lasted, with neither an alert nor a Try again. They say
 * instead that it loads once Reelmates answers, which it then does by itself.
 */
export function LoadingLine({
  what,
  doing = `Loading ${what}…`,
  className = 'text-zinc-400',
  announce = false,
}: {
  /** What is loading, as the sentence has it: "users", "the jobs". */
  what: string
  /** The words while it loads, if not "Loading {what}…". */
  doing?: string
  className?: string
  /** Said as a status while it loads, too (the words while it waits always are). */
  announce?: boolean
}) {
  const reach = useConnection()
  if (reach === 'online')
    return (
      <p className={className} {...(announce ? { role: 'status' } : {})}>
        {doing}
      </p>
    )
  return (
    <p role="status" className={className}>
      {waitingWords(what, reach)}
    </p>
  )
}

/** "the jobs" → "The jobs will load as soon as Reelmates can be reached." */
const waitingWords = (what: string, reach: Parameters<typeof whenChangesGoOut>[0]) =>
  `${what.charAt(0).toUpperCase()}${what.slice(1)} will load ${whenChangesGoOut(reach)}.`
