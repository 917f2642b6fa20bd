import type { QueryObserverResult } from '@tanstack/react-query'

/**
 * True while a query has nothing to show and waits for the connection: offline, a page never opened
 * on this device has no kept answer, and its request is held until the connection returns (then it
 * loads by itself). A skeleton there would promise a load that is not coming.
 */
export function waitsForConnection(query: Pick<QueryObserverResult, 'isPending' | 'fetchStatus'>): boolean {
  return query.isPending && query.fetchStatus === 'paused'
}

/** What a screen shows instead of its skeleton when `waitsForConnection`. */
export function NotSavedOffline({ what }: { what: string }) {
  return (
    <div role="status" className="rounded-2xl border border-dashed border-white/10 px-6 py-12 text-center">
      <p className="font-semibold text-white">{what} isn’t saved on this device.</p>
      <p className="mt-2 text-sm text-zinc-400">It opens by itself when you’re back online.</p>
    </div>
  )
}
