import type { ProjectionStatus } from '@reelmates/contracts/projectionsAdmin'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BusyButton } from '../../components/shell/BusyButton'
import { adminCalls } from './adminCalls'
import { adminKeys, projectionsQuery } from './queries'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 0)} s`

/** Every read model and reaction: where it is, how far behind, and its rebuild or retry. */
export function ProjectionsTable() {
  const projections = useQuery(projectionsQuery())
  const failure = useShownFailure(projections)
  if (failure && !projections.data)
    return <AdminLoadFailed error={failure} onRetry={() => void projections.refetch()} className="mt-6 text-red-300" />
  if (!projections.data)
    return <LoadingLine what="the projections" doing="Asking the runner…" className="mt-6 text-zinc-400" />
  return (
    <div className="mt-6 space-y-3">
      <p className="text-sm text-zinc-400">Head of the log: #{projections.data.head}</p>
      <ul className="grid gap-3 md:grid-cols-2">
        {projections.data.items.map((item) => (
          <FollowerCard key={`${item.kind}:${item.name}`} item={item} />
        ))}
      </ul>
    </div>
  )
}

function FollowerCard({ item }: { item: ProjectionStatus }) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.projections() })
  const rebuild = useMutation({ mutationFn: () => adminCalls.rebuild(item.name), onSettled: refresh })
  const retry = useMutation({ mutationFn: () => adminCalls.retry(item.name), onSettled: refresh })
  const running = item.lastRebuild?.outcome === 'running'
  const announcement = useRebuildAnnouncement(item)
  const button = 'rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-100'
  return (
    <li aria-label={item.name} className="rounded-2xl bg-panel p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-mono font-semibold text-white">{item.name}</h2>
        <span className="text-xs uppercase tracking-widest text-zinc-400">
          {item.kind}
          {item.version === null ? '' : ` · v${item.version}`}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">Status</dt>
        <dd data-testid="status" className={item.status === 'failed' ? 'text-red-300' : 'text-zinc-100'}>
          {item.status}
        </dd>
        <dt className="text-zinc-400">Checkpoint</dt>
        <dd className="font-mono text-zinc-100">#{item.checkpoint}</dd>
        <dt className="text-zinc-400">Lag</dt>
        <dd className="text-zinc-100">
          {item.lag.capped ? '≥ ' : ''}
          {item.lag.events} events · {item.lag.seconds.toFixed(1)} s
        </dd>
        {item.setAside !== null && (
          <>
            <dt className="text-zinc-400">Set aside</dt>
            <dd className="text-zinc-100">{item.setAside}</dd>
          </>
        )}
        {item.lastError !== null && (
          <>
            <dt className="text-zinc-400">Last error</dt>
            <dd className="text-red-300">{item.lastError}</dd>
          </>
        )}
      </dl>
      {item.rebuild?.waiting === true && (
        <p className="mt-3 text-sm text-zinc-300">Waiting for another rebuild to finish…</p>
      )}
      {item.rebuild?.waiting === false && (
        <div className="mt-3">
          <progress
            aria-label={`Rebuild of ${item.name}`}
            value={item.rebuild.progress}
            max={1}
            className="h-2 w-full accent-gold"
          />
          <p className="text-xs text-zinc-400">
            Replayed to #{item.rebuild.position} of #{item.rebuild.head}
          </p>
        </div>
      )}
      {item.lastRebuild && !running && (
        <p data-testid="last-rebuild" className="mt-3 text-sm text-zinc-300">
          {item.lastRebuild.outcome === 'done'
            ? `Rebuilt in ${seconds(item.lastRebuild.durationMs ?? 0)}`
            : `Rebuild failed: ${item.lastRebuild.error ?? 'unknown error'}`}
        </p>
      )}
      {running && !item.rebuild && <p className="mt-3 text-sm text-zinc-300">Rebuilding…</p>}
      {/* Named for the model: with every card's rebuild on one page, "Rebuilt in 2 s" alone says whose. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="mt-3 flex gap-2">
        {/* The buttons are named alike on every card; the card (the list item) is named for the model. */}
        {item.kind === 'projector' && (
          <BusyButton busy={running || rebuild.isPending} onClick={() => rebuild.mutate()} className={button}>
            Rebuild from 0
          </BusyButton>
        )}
        {item.kind === 'reactor' && (
          <BusyButton busy={retry.isPending || item.setAside === 0} onClick={() => retry.mutate()} className={button}>
            Retry set-aside failures
          </BusyButton>
        )}
      </div>
      {(rebuild.error ?? retry.error) && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {(rebuild.error ?? retry.error)?.message}
        </p>
      )}
      {retry.data && <p className="mt-2 text-sm text-zinc-300">{retry.data.stillFailing} still failing</p>}
    </li>
  )
}

/**
 * What the card's status region says: that a rebuild began, and how it ended; never its progress, which
 * would be read out twice a second. A rebuild that ended before the screen opened says nothing: only
 * a change since then is news.
 */
function useRebuildAnnouncement(item: ProjectionStatus): string {
  const [before] = useState(item.lastRebuild)
  const last = item.lastRebuild
  // Not while the request is on its way: the server may refuse it (the distributed column), and the
  // mutation settles only once the list is read again, which says the rebuild runs.
  if (last?.outcome === 'running')
    return item.rebuild?.waiting === true
      ? `Rebuild of ${item.name} waits for another rebuild to finish`
      : `Rebuilding ${item.name} from 0`
  if (!last || (last.startedAt === before?.startedAt && last.outcome === before.outcome)) return ''
  return last.outcome === 'done'
    ? `${item.name} rebuilt in ${seconds(last.durationMs ?? 0)}`
    : `Rebuild of ${item.name} failed: ${last.error ?? 'unknown error'}`
}
