import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import type { HistoryFilter } from './adminCalls'
import { filterProblems, historyFilterFields, looksLikeUserId, spelledType, trimmedFilter } from './historyFilter'
import { EventDetail } from './EventDetail'
import { eventHistoryQuery, eventTypesQuery } from './queries'
import { appLocale } from '../../lib/appLocale'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'

interface EventHistoryProps {
  filter: HistoryFilter
  onFilter: (next: HistoryFilter) => void
  /** The address's type, written in another case, is the known type `type`: the address is to say so. */
  onRespell: (type: string) => void
  /** The log position of the opened event. */
  opened?: string | undefined
  onOpen: (position: string | undefined) => void
}

/**
 * The log, newest first, with its filters. The filter and the opened event live in the address, so a
 * timeline or one event can be linked, and a reload shows the same.
 */
export function EventHistory({ filter: address, onFilter, onRespell, opened, onOpen }: EventHistoryProps) {
  const [draft, setDraft] = useState<HistoryFilter>(address)
  const typeSuggestions = useId()
  const eventTypes = useQuery(eventTypesQuery())
  const knownTypes = eventTypes.data
  // A typed address's type in another case ("?type=titlewatched") is the type it names, as in the form:
  // shown and asked for at once, and the address replaced to say it.
  const spelled = spelledType(address.type, knownTypes)
  const respelled = spelled !== undefined && spelled !== address.type ? spelled : undefined
  const filter = respelled === undefined ? address : { ...address, type: respelled }
  useEffect(() => {
    if (respelled !== undefined) onRespell(respelled)
  }, [respelled, onRespell])
  // A filter the server would refuse (an over-long one, a type that is none, in a typed address) is
  // said beside its field, never sent. A type waits for the known types to be checked against; if they
  // cannot be had, the server says what is wrong with it instead.
  const addressProblems = filterProblems(filter, knownTypes)
  const [draftProblems, setDraftProblems] = useState<typeof addressProblems | null>(null)
  const problems = draftProblems ?? addressProblems
  const checkable = Object.keys(addressProblems).length === 0
  const sendable = checkable && (filter.type === undefined || !eventTypes.isPending)
  const history = useQuery({ ...eventHistoryQuery(filter), enabled: sendable })
  const failure = useShownFailure(history)
  const waiting = checkable && history.isPending && !failure
  const listed = history.data?.items.some((item) => item.position === opened) ?? false
  const list = useRef<HTMLOListElement>(null)
  const form = useRef<HTMLFormElement>(null)
  // Close takes itself off the page, and the focus with it. The list it sat above comes next; with no
  // list (a filter refused, the log unreadable), the filter's first field.
  const closeOpenedElsewhere = () => {
    const next = list.current ?? form.current?.querySelector('input')
    next?.focus()
    onOpen(undefined)
  }

  // A shared link's event is scrolled to once, when the list first shows it; a click never scrolls.
  const revealed = useRef(opened === undefined)
  const revealOnce = (row: HTMLLIElement | null) => {
    if (!row || revealed.current) return
    revealed.current = true
    row.scrollIntoView({ block: 'start' })
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const { before: _before, ...rest } = trimmedFilter(draft, knownTypes)
    const found = filterProblems(rest, knownTypes)
    setDraftProblems(found)
    if (Object.keys(found).length === 0) onFilter(rest)
  }

  return (
    <div className="mt-6 space-y-4">
      <form
        ref={form}
        onSubmit={submit}
        className="grid gap-3 rounded-2xl bg-panel p-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label="Filter the history"
      >
        {historyFilterFields.map((field) => (
          // The problem sits beside the field, outside its label: it describes the field, it does not rename it.
          <div key={field.key} className="flex flex-col gap-1 text-xs text-zinc-400">
            <label className="flex flex-col gap-1">
              {field.label}
              <input
                name={field.key}
                value={draft[field.key] ?? ''}
                maxLength={field.maxLength}
                // The known types, offered as the admin types: "watched" finds TitleWatched and the rest.
                {...(field.key === 'type' ? { list: typeSuggestions, autoComplete: 'off' } : {})}
                aria-invalid={problems[field.key] ? true : undefined}
                aria-describedby={problems[field.key] ? `${field.key}-problem` : undefined}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                className="rounded-lg border border-white/10 bg-panel-2 px-2 py-1.5 text-sm text-white"
              />
            </label>
            {problems[field.key] ? (
              <span id={`${field.key}-problem`} role="alert" className="text-red-300">
                {problems[field.key]}
              </span>
            ) : null}
          </div>
        ))}
        <datalist id={typeSuggestions}>
          {knownTypes?.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <button type="submit" className="self-end rounded-lg bg-gold px-3 py-2 text-sm font-semibold text-zinc-900">
          Show events
        </button>
      </form>

      {opened !== undefined && !listed && !waiting && (
        <OpenedElsewhere position={opened} onClose={closeOpenedElsewhere} />
      )}
      {waiting && <p className="text-zinc-400">Reading the log…</p>}
      {failure ? <AdminLoadFailed error={failure} onRetry={() => void history.refetch()} /> : null}
      {history.data && (
        <>
          <ol
            ref={list}
            tabIndex={-1}
            aria-label="Events, newest first"
            className="divide-y divide-white/5 rounded-2xl bg-panel outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {history.data.items.map((item) => (
              <li key={item.position} ref={opened === item.position ? revealOnce : undefined}>
                <button
                  type="button"
                  onClick={() => {
                    revealed.current = true
                    onOpen(opened === item.position ? undefined : item.position)
                  }}
                  aria-expanded={opened === item.position}
                  className="grid w-full grid-cols-[4rem_1fr] gap-x-3 px-4 py-3 text-left hover:bg-white/5 sm:grid-cols-[5rem_14rem_1fr_11rem]"
                >
                  <span className="font-mono text-xs text-zinc-400">#{item.position}</span>
                  <span data-testid="event-type" className="font-semibold text-white">
                    {item.type}
                  </span>
                  <span className="col-span-2 truncate font-mono text-xs text-zinc-400 sm:col-span-1">
                    {item.streamId} · r{item.revision}
                  </span>
                  <span className="col-span-2 text-xs text-zinc-400 sm:col-span-1">
                    {new Date(item.createdAt).toLocaleString(appLocale)}
                  </span>
                </button>
                {opened === item.position && <EventDetail position={item.position} />}
              </li>
            ))}
          </ol>
          {history.data.items.length === 0 && <NoEventMatches filter={filter} />}
          <div className="flex gap-3">
            {filter.before !== undefined && (
              <button
                type="button"
                onClick={() => onFilter({ ...filter, before: undefined })}
                className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-200"
              >
                Newest
              </button>
            )}
            {history.data.next !== null && (
              <button
                type="button"
                onClick={() => onFilter({ ...filter, before: history.data.next ?? undefined })}
                className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-200"
              >
                Older events
              </button>
            )}
          </div>
        </>
      )}
    </div>
  )
}

function NoEventMatches({ filter }: { filter: HistoryFilter }) {
  if (filter.userId !== undefined && !looksLikeUserId(filter.userId))
    return (
      <p role="status" className="text-zinc-300">
        “{filter.userId}” is not a user id. A user id looks like 3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f15: open User
        management and choose Events beside the person.
      </p>
    )
  return <p className="text-zinc-400">No event matches.</p>
}

/** The event of a link that is not on this page of the list: newer events pushed it down, or it matches no filter. */
function OpenedElsewhere({ position, onClose }: { position: string; onClose: () => void }) {
  const heading = useId()
  return (
    <section aria-labelledby={heading} className="rounded-2xl bg-panel">
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <h2 id={heading} className="font-mono text-sm text-white">
          Event #{position}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-200"
        >
          Close
        </button>
      </div>
      <EventDetail position={position} />
    </section>
  )
}
