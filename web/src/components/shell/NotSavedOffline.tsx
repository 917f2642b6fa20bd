import type { ReactNode } from 'react'
import { useOnline, whenChangesGoOut } from '../../lib/connection'

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
export function Loading({ what, size, children }: { what: string; size?: 'page' | 'row'; children: ReactNode }) {
  return useOnline() ? children : <NotSavedOffline what={what} {...(size ? { size } : {})} />
}
