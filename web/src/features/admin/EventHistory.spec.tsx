import type { EventDetailAnswer, EventHistoryAnswer, HistoryEvent } from '@reelmates/contracts/eventHistory'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { adminCalls, type HistoryFilter } from './adminCalls'
import { EventHistory } from './EventHistory'

// jsdom lays nothing out, so it has no scrollIntoView; the history calls it to show a linked event.
const scrolledTo = vi.fn<(this: Element) => void>()
beforeEach(() => {
  scrolledTo.mockClear()
  Element.prototype.scrollIntoView = scrolledTo
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const nothing: EventHistoryAnswer = { items: [], next: null, scannedTo: null }
const knownTypes = ['TitleWatched', 'UserRegistered', 'WatchedEntryEdited']

const logged = (position: string, type = 'TitleWatched'): HistoryEvent => ({
  position,
  streamId: 'watched-ann',
  revision: Number(position),
  type,
  data: { tmdbId: Number(position) },
  metadata: {},
  createdAt: '2026-11-22T10:00:00.000Z',
  erasedFields: [],
})

function showHistory(
  filter: HistoryFilter,
  { onFilter = vi.fn(), onRespell = vi.fn(), onOpen = vi.fn(), opened, page = nothing }: Partial<ShownWith> = {},
) {
  const events = vi.spyOn(adminCalls, 'events').mockResolvedValue(page)
  vi.spyOn(adminCalls, 'eventTypes').mockResolvedValue(knownTypes)
  const detail = vi
    .spyOn(adminCalls, 'event')
    .mockImplementation((position) => Promise.resolve<EventDetailAnswer>({ event: logged(position), neighbours: [] }))
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <EventHistory filter={filter} onFilter={onFilter} onRespell={onRespell} opened={opened} onOpen={onOpen} />
      </QueryClientProvider>,
    ),
  )
  return { events, detail, onFilter, onRespell, onOpen }
}
/** The history with a linked event that closes as the route's would: the address loses it. */
function showLinked(position: string, page?: EventHistoryAnswer) {
  if (page) vi.spyOn(adminCalls, 'events').mockResolvedValue(page)
  vi.spyOn(adminCalls, 'eventTypes').mockResolvedValue(knownTypes)
  vi.spyOn(adminCalls, 'event').mockImplementation((at) =>
    Promise.resolve<EventDetailAnswer>({ event: logged(at), neighbours: [] }),
  )
  function Linked() {
    const [opened, setOpened] = useState<string | undefined>(position)
    return <EventHistory filter={{}} onFilter={vi.fn()} onRespell={vi.fn()} opened={opened} onOpen={setOpened} />
  }
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <Linked />
      </QueryClientProvider>,
    ),
  )
}
interface ShownWith {
  onFilter: () => void
  onRespell: (type: string) => void
  onOpen: (position: string | undefined) => void
  opened: string
  page: EventHistoryAnswer
}

describe('the event history', () => {
  it('refuses an over-long stream beside its field, in words that name it, without asking the server', async () => {
    const { events, onFilter } = showHistory({})
    const stream = screen.getByLabelText('Stream')
    expect(stream.getAttribute('maxlength')).toBe('300')
    // A browser keeps typing to maxlength, but a value set another way (autofill, a script) can be longer.
    fireEvent.change(stream, { target: { value: 'x'.repeat(400) } })
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the history' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Stream must be at most 300 characters')
    expect(stream.getAttribute('aria-invalid')).toBe('true')
    expect(onFilter).not.toHaveBeenCalled()
    expect(events).toHaveBeenCalledTimes(1) // the first, unfiltered page only
  })

  it('sends a filter of spaces as no filter, and trims the others', () => {
    const { onFilter } = showHistory({})
    fireEvent.change(screen.getByLabelText('Stream'), { target: { value: '   ' } })
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: ' UserRegistered ' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the history' }))
    expect(onFilter).toHaveBeenCalledWith({ type: 'UserRegistered' })
  })

  it('says what is wrong with an over-long filter from the address, and does not send it', async () => {
    const { events } = showHistory({ stream: 'x'.repeat(400) })
    expect((await screen.findByRole('alert')).textContent).toBe('Stream must be at most 300 characters')
    expect(screen.queryByText('Reading the log…')).toBeNull()
    expect(events).not.toHaveBeenCalled()
  })

  it('says a person filter that is no user id is not one, rather than only that nothing matches', async () => {
    showHistory({ userId: 'bob' })
    expect((await screen.findByRole('status')).textContent).toMatch(/^“bob” is not a user id\./)
    expect(screen.queryByText('No event matches.')).toBeNull()
  })

  it('says only that nothing matches a user id without events', async () => {
    showHistory({ userId: '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f15' })
    expect(await screen.findByText('No event matches.')).toBeTruthy()
  })

  it('offers the known event types as the admin types one', async () => {
    showHistory({})
    const type = screen.getByLabelText('Event type')
    const suggestions = document.getElementById(type.getAttribute('list') ?? '')
    await vi.waitFor(() => expect(suggestions?.querySelectorAll('option')).toHaveLength(3))
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(knownTypes)
  })

  it('says a typed event type that is none, with the types it may mean, and does not send it', async () => {
    const { onFilter } = showHistory({})
    await screen.findByText('No event matches.')
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'watched' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the history' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“watched” is not an event type. Did you mean TitleWatched or WatchedEntryEdited?',
    )
    expect(screen.getByLabelText('Event type').getAttribute('aria-invalid')).toBe('true')
    expect(onFilter).not.toHaveBeenCalled()
  })

  it('sends a type typed in another case as the event type it names', async () => {
    const { onFilter } = showHistory({})
    await screen.findByText('No event matches.')
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'titlewatched' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the history' }))
    expect(onFilter).toHaveBeenCalledWith({ type: 'TitleWatched' })
  })

  it('takes a type from the address written in another case as the event type it names, as the form does', async () => {
    const { events, onRespell } = showHistory({ type: 'titlewatched' })
    await screen.findByText('No event matches.')
    expect(events).toHaveBeenCalledWith({ type: 'TitleWatched' })
    expect(events).not.toHaveBeenCalledWith({ type: 'titlewatched' })
    expect(onRespell).toHaveBeenCalledWith('TitleWatched')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says a type from the address that is none beside its field, and does not ask for it', async () => {
    const { events } = showHistory({ type: 'watched' })
    expect((await screen.findByRole('alert')).textContent).toMatch(/^“watched” is not an event type\./)
    expect(events).not.toHaveBeenCalled()
  })

  it('opens the event the address names, and says which one is opened or closed', async () => {
    const page = { ...nothing, items: [logged('12'), logged('11')] }
    const { detail, onOpen } = showHistory({}, { opened: '12', page })
    const list = await screen.findByRole('list', { name: 'Events, newest first' })
    const [newest, older] = within(list).getAllByRole('button')
    expect(newest?.getAttribute('aria-expanded')).toBe('true')
    expect(older?.getAttribute('aria-expanded')).toBe('false')
    expect((await screen.findByTestId('field-tmdbId')).textContent).toBe('12')
    expect(detail).toHaveBeenCalledWith('12')
    // A linked event is scrolled to, once, however often the list renders.
    expect(scrolledTo.mock.contexts).toEqual([newest?.parentElement])
    fireEvent.click(older!)
    expect(onOpen).toHaveBeenLastCalledWith('11')
    fireEvent.click(newest!)
    expect(onOpen).toHaveBeenLastCalledWith(undefined)
  })

  it('opens a linked event that is not on this page of the list above it', async () => {
    const page = { ...nothing, items: [logged('12'), logged('11')] }
    const { onOpen } = showHistory({}, { opened: '3', page })
    const opened = await screen.findByRole('region', { name: 'Event #3' })
    expect((await within(opened).findByTestId('field-tmdbId')).textContent).toBe('3')
    fireEvent.click(within(opened).getByRole('button', { name: 'Close' }))
    expect(onOpen).toHaveBeenCalledWith(undefined)
  })

  it('gives the focus to the list below once Close has taken the linked event away', async () => {
    const page = { ...nothing, items: [logged('12'), logged('11')] }
    showLinked('3', page)
    const close = within(await screen.findByRole('region', { name: 'Event #3' })).getByRole('button', {
      name: 'Close',
    })
    close.focus()
    fireEvent.click(close)
    expect(screen.queryByRole('region', { name: 'Event #3' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Events, newest first' }))
  })

  it('gives the focus to the first filter field when there is no list to go to', async () => {
    vi.spyOn(adminCalls, 'events').mockRejectedValue(new Error('The log cannot be read.'))
    showLinked('3')
    expect((await screen.findByRole('alert')).textContent).toContain('The log cannot be read.')
    const close = within(screen.getByRole('region', { name: 'Event #3' })).getByRole('button', { name: 'Close' })
    close.focus()
    fireEvent.click(close)
    expect(screen.queryByRole('region', { name: 'Event #3' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('Person (user id)'))
  })
})

describe('an opened event', () => {
  const ann = '3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f15'
  const bob = '9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d'
  const correlation = '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d'
  const cid = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'

  it('links its stream, its correlation and the people it names to the history filtered by them', async () => {
    const sent: HistoryEvent = {
      ...logged('12', 'RecommendationSent'),
      streamId: `recommendations-${ann}`,
      data: { senderUserId: ann, recipientUserIds: [bob], activityOwnerId: cid, tmdbId: 603 },
      metadata: { actorId: ann, correlationId: correlation, occurredAt: '2026-11-22T10:00:00.000Z' },
    }
    showHistory({}, { opened: '12', page: { ...nothing, items: [sent] } })
    vi.spyOn(adminCalls, 'event').mockResolvedValue({ event: sent, neighbours: [] })
    const opened = within(await screen.findByRole('list', { name: 'Events, newest first' }))
    await opened.findByTestId('field-tmdbId')
    const href = (name: string) =>
      decodeURIComponent(opened.getAllByRole('link', { name })[0]?.getAttribute('href') ?? '')

    expect(href(`Events of person ${ann}`)).toBe(`/admin/events?userId=${ann}&event=12`)
    expect(opened.getAllByRole('link', { name: `Events of person ${ann}` })).toHaveLength(2) // sender, actor
    expect(href(`Events of person ${bob}`)).toBe(`/admin/events?userId=${bob}&event=12`)
    expect(href(`Events of person ${cid}`)).toBe(`/admin/events?userId=${cid}&event=12`) // a name without "UserId"
    expect(href(`Events with correlation id ${correlation}`)).toBe(
      `/admin/events?correlationId=${correlation}&event=12`,
    )
    expect(href(`Events of stream recommendations-${ann}`)).toBe(`/admin/events?stream=recommendations-${ann}&event=12`)
    expect(opened.getByTestId('field-tmdbId').textContent).toBe('603')
  })

  it('leaves as text what no filter takes: a system actor, an erased person', async () => {
    const erased: HistoryEvent = {
      ...logged('12', 'TitleWatched'),
      data: { userId: null, tmdbId: 603 },
      metadata: { actorId: 'scheduler' },
      erasedFields: ['userId'],
    }
    showHistory({}, { opened: '12', page: { ...nothing, items: [erased] } })
    vi.spyOn(adminCalls, 'event').mockResolvedValue({ event: erased, neighbours: [] })
    const opened = within(await screen.findByRole('list', { name: 'Events, newest first' }))
    expect((await opened.findByTestId('field-actorId')).textContent).toBe('"scheduler"')
    expect(opened.getByTestId('field-userId').textContent).toBe('erased')
    expect(opened.getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual([
      'Events of stream watched-ann',
    ])
  })
})
