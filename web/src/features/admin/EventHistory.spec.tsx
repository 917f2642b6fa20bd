import type { EventHistoryAnswer } from '@reelmates/contracts/eventHistory'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { adminCalls, type HistoryFilter } from './adminCalls'
import { EventHistory } from './EventHistory'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const nothing: EventHistoryAnswer = { items: [], next: null, scannedTo: null }

function showHistory(filter: HistoryFilter, onFilter = vi.fn()) {
  const events = vi.spyOn(adminCalls, 'events').mockResolvedValue(nothing)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EventHistory filter={filter} onFilter={onFilter} />
    </QueryClientProvider>,
  )
  return { events, onFilter }
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
})
