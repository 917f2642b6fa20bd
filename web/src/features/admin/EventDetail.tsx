import { namesPerson, type HistoryEvent } from '@reelmates/contracts/eventHistory'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { historyFilterFields, looksLikeUserId, type HistoryFilterField } from './historyFilter'
import { eventDetailQuery } from './queries'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

/** One event of the log opened: its data, its metadata, and its neighbours in its stream. */
export function EventDetail({ position }: { position: string }) {
  const detail = useQuery(eventDetailQuery(position))
  const failure = useShownFailure(detail)
  if (failure && !detail.data)
    return (
      <AdminLoadFailed
        error={failure}
        onRetry={() => void detail.refetch()}
        className="px-4 pb-3 text-sm text-red-300"
      />
    )
  if (!detail.data) return <LoadingLine what="the event" doing="Opening…" className="px-4 pb-3 text-sm text-zinc-400" />
  const { event, neighbours } = detail.data
  return (
    <div className="grid gap-4 px-4 pb-4 lg:grid-cols-2">
      <EventFields title="Data" values={event.data} erased={event.erasedFields} position={event.position} />
      <EventFields title="Metadata" values={event.metadata} erased={[]} position={event.position} />
      <div className="lg:col-span-2">
        <h3 className="text-xs font-semibold uppercase tracking-widest text-zinc-400">
          Neighbours in{' '}
          <FilterLink filter="stream" value={event.streamId} position={event.position}>
            {event.streamId}
          </FilterLink>
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

function EventFields({
  title,
  values,
  erased,
  position,
}: {
  title: string
  values: Record<string, unknown>
  erased: string[]
  position: string
}) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-widest text-zinc-400">{title}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {Object.entries(values).map(([field, value]) => (
          <div key={field} className="grid grid-cols-[9rem_1fr] gap-2">
            <dt className="text-zinc-400">{field}</dt>
            <dd data-testid={`field-${field}`} className="break-all font-mono text-xs text-zinc-200">
              {erased.includes(field) ? (
                <em className="not-italic text-red-300">erased</em>
              ) : (
                <FieldValue field={field} value={value} position={position} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * The filter a field's value can be followed by: the people an event concerns by the event index's
 * rule (its `actorId`, and the fields of its data `namesPerson` knows), and its correlation.
 */
function filterOf(field: string): HistoryFilterField | undefined {
  if (field === 'correlationId') return 'correlationId'
  if (field === 'actorId' || namesPerson(field)) return 'userId'
  return undefined
}

const longest = Object.fromEntries(historyFilterFields.map((field) => [field.key, field.maxLength]))

/** Whether the server would take this value as that filter: a person's is a user id, not `system`. */
const followable = (filter: HistoryFilterField, value: unknown): value is string =>
  typeof value === 'string' &&
  value !== '' &&
  value.length <= (longest[filter] ?? 0) &&
  (filter !== 'userId' || looksLikeUserId(value))

function FieldValue({ field, value, position }: { field: string; value: unknown; position: string }) {
  const filter = filterOf(field)
  if (filter !== undefined && followable(filter, value))
    return (
      <FilterLink filter={filter} value={value} position={position}>
        {value}
      </FilterLink>
    )
  if (filter !== undefined && Array.isArray(value) && value.length > 0 && value.every((one) => followable(filter, one)))
    return (
      <>
        [
        {value.map((one, index) => (
          <span key={one}>
            {index > 0 && ', '}
            <FilterLink filter={filter} value={one} position={position}>
              {one}
            </FilterLink>
          </span>
        ))}
        ]
      </>
    )
  return <>{JSON.stringify(value)}</>
}

const whose: Record<HistoryFilterField, string> = {
  userId: 'Events of person',
  stream: 'Events of stream',
  type: 'Events of type',
  correlationId: 'Events with correlation id',
}

/**
 * The history filtered by this value, on the same screen, with the event kept open: it is one of the
 * events the filter finds, so the new list opens at it.
 */
function FilterLink({
  filter,
  value,
  position,
  children,
}: {
  filter: HistoryFilterField
  value: string
  position: string
  children: ReactNode
}) {
  return (
    <Link
      to="/admin/events"
      search={{ [filter]: value, event: position }}
      aria-label={`${whose[filter]} ${value}`}
      className="font-mono normal-case tracking-normal text-gold underline-offset-2 hover:underline"
    >
      {children}
    </Link>
  )
}
