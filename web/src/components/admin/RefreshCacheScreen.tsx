import type { CacheRefreshResponse } from '@reelmates/contracts/catalog'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { adminCalls } from '../../features/admin/adminCalls'
import { tellRefusal } from '../../lib/mutations'
import { AdminScreen } from '../shell/AdminScreen'
import { panel, primaryButton } from '../social/socialStyles'
import { appLocale } from '../../lib/appLocale'

interface Refresh extends CacheRefreshResponse {
  at: string
}

/** /admin/refresh-api-cache: empties the shared catalog cache and says what was cleared. */
export function RefreshCacheScreen() {
  const status = useQuery({ queryKey: ['tmdb', 'status'], queryFn: adminCalls.catalogStatus })
  const [history, setHistory] = useState<Refresh[]>([])
  const refresh = useMutation({
    mutationFn: adminCalls.refreshCatalogCache,
    onSuccess: (answer) => setHistory((before) => [{ ...answer, at: new Date().toISOString() }, ...before]),
    onError: (error) => tellRefusal('The cache was not cleared', error),
  })

  return (
    <AdminScreen title="Refresh catalog cache">
      <div className="mt-6 grid gap-4">
        <section className={panel} aria-labelledby="cache-heading">
          <h2 id="cache-heading" className="text-lg font-semibold text-white">
            Catalog cache
          </h2>
          <p className="mt-2 text-sm text-zinc-400">
            TMDB answers (trending lists, provider rows, title details, searches) are kept in a cache shared by every
            server, so the app stays fast and within TMDB's limits. Clearing it makes the next calls read TMDB afresh.
          </p>
          {status.data ? (
            <p className="mt-2 text-sm text-zinc-300">
              In use:{' '}
              <strong className="text-white">{status.data.source === 'tmdb' ? 'TMDB' : 'the offline catalog'}</strong> —{' '}
              {status.data.description}
              {status.data.source === 'offline'
                ? ' The offline catalog keeps no cache, so there is nothing to clear.'
                : ''}
            </p>
          ) : null}
          {/* Offered where it does something (and when nobody could say which catalog is in use): on the offline catalog it would clear nothing, every time. */}
          {status.data?.source === 'tmdb' || status.isError ? (
            <button
              type="button"
              className={`${primaryButton} mt-4`}
              disabled={refresh.isPending}
              onClick={() => refresh.mutate()}
            >
              {refresh.isPending ? 'Clearing…' : 'Clear the catalog cache'}
            </button>
          ) : null}
        </section>
        {history.length > 0 ? (
          <section className={panel} aria-labelledby="cleared-heading">
            <h2 id="cleared-heading" className="text-lg font-semibold text-white">
              Cleared
            </h2>
            <ul className="mt-2 grid gap-1 text-sm" aria-live="polite">
              {history.map((entry) => (
                <li key={entry.at} className="flex flex-wrap gap-2">
                  <time dateTime={entry.at} className="text-zinc-400">
                    {new Date(entry.at).toLocaleTimeString(appLocale)}
                  </time>
                  <span className="text-zinc-200">{entry.message}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </AdminScreen>
  )
}
