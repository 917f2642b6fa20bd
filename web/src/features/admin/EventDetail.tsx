import type { HistoryEvent } from '@reelmates/contracts/eventHistory'
import { useQuery } from '@tanstack/react-query'
import { eventDetailQuery } from './queries'

/** One event of the log opened: its data, its metadata, and its neighbours in its stream. */
export function EventDetail({ position }: { position: string }) {
  const detail = useQuery(eventDetailQuery(position))
  if (detail.isPending) return <p className="px-4 pb-3 text-sm text-zinc-400">Opening…</p>
  if (detail.isError)
    return (
      <p role="alert" className="px-4 pb-3 text-sm text-red-300">
        {detail.error.message}
      </p>
    )
  const { event, neighbours } = detail.data
  return (
    <div className="grid gap-4 px-4 pb-4 lg:grid-cols-2">
      <EventFields title="Data" values={event.data} erased={event.erasedFields} />
      <EventFields title="Metadata" values={event.metadata} erased={[]} />
      <div className="lg:col-span-2">
        <h3 className="text-xs font-semibold uppercase tracking-widest text-zinc-400">
          Neighbours in {event.streamId}
        </h3>
        <ol className="mt-2 space-y-1 text-sm">
          {[...neighbours, event]
            .sort((a, b) => a.revision - b.revision)
            .map((one: HistoryEvent) => (
              <li key={one.position} className={one.position === event.position ? 'text-gold' : 'text-zinc-300'}>
                r{one.revision} · {one.type} <span className="font-mono text-xs text-zinc-400">#{one.position}</span>
              </li>
            ))}
        </ol>
      </div>
    </div>
  )
}

function EventFields({ title, values, erased }: { title: string; values: Record<string, unknown>; erased: string[] }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-widest text-zinc-400">{title}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {Object.entries(values).map(([field, value]) => (
          <div key={field} className="grid grid-cols-[9rem_1fr] gap-2">
            <dt className="text-zinc-400">{field}</dt>
            <dd data-testid={`field-${field}`} className="break-all font-mono text-xs text-zinc-200">
              {erased.includes(field) ? <em className="not-italic text-red-300">erased</em> : JSON.stringify(value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
