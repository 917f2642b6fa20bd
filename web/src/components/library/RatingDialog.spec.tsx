import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { libraryTitle, watchedItem } from '../../features/library/testing'
import { localDay } from '../../features/library/watchedDate'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { RatingDialog, type RatingDialogMode } from './RatingDialog'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'

beforeAll(imitateModalDialogs)
neverAnsweringServer()

function Card({ mode }: { mode: RatingDialogMode }) {
  const [logging, setLogging] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setLogging(true)}>
        Mark Film 7 watched
      </button>
      {logging ? <RatingDialog title={libraryTitle(7)} mode={mode} onClose={() => setLogging(false)} /> : null}
    </>
  )
}

function openLog(mode: RatingDialogMode = { kind: 'mark', onWatchlist: true }) {
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <Card mode={mode} />
      </QueryClientProvider>,
    ),
  )
  const opener = screen.getByRole('button', { name: 'Mark Film 7 watched' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, router, review: screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Review/ }) }
}

const logDialog = () => screen.queryByRole('dialog', { name: 'Film 7' })
const question = () => screen.queryByRole('dialog', { name: 'Discard your changes?' })
const answer = (name: 'Stay' | 'Leave') =>
  fireEvent.click(within(question() as HTMLElement).getByRole('button', { name }))

describe('closing the watch log without saving', () => {
  it('closes at once when nothing was changed', () => {
    const { opener } = openLog()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(question()).toBeNull()
    expect(logDialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('asks before the Close button throws a typed review away; Stay keeps it', () => {
    const { review } = openLog()
    review.focus()
    fireEvent.change(review, { target: { value: 'A long review' } })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(question()).not.toBeNull()
    answer('Stay')
    expect(logDialog()).not.toBeNull()
    expect(review.value).toBe('A long review')
  })

  it('asks before Escape throws a changed rating away; Leave closes it, with the focus on what opened it', () => {
    const { opener } = openLog()
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }))
    fireEvent.keyDown(screen.getByRole('radio', { name: '4 stars' }), { key: 'Escape' })
    answer('Leave')
    expect(question()).toBeNull()
    expect(logDialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it("asks before the browser's Back takes the page away with a typed review; Stay keeps it, Leave goes", async () => {
    const { review, router } = openLog()
    fireEvent.change(review, { target: { value: 'Half a review' } })
    const back = () =>
      act(async () => {
        router.history.push('/elsewhere')
        await Promise.resolve()
      })
    await back()
    expect(question()).not.toBeNull()
    await act(async () => answer('Stay'))
    expect(where(router)).toBe('/')
    expect(logDialog()).not.toBeNull()
    expect(review.value).toBe('Half a review')
    await back()
    await act(async () => answer('Leave'))
    expect(where(router)).toBe('/elsewhere')
  })

  it('lets the page go at once when nothing was changed', async () => {
    const { router } = openLog()
    await act(async () => {
      router.history.push('/elsewhere')
      await Promise.resolve()
    })
    expect(question()).toBeNull()
    expect(where(router)).toBe('/elsewhere')
  })

  it('asks when an edited entry is changed, not when it is only opened', () => {
    openLog({ kind: 'edit', entry: watchedItem('w1', 7, { review: 'Fine', rating: 6 }) })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(logDialog()).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Mark Film 7 watched' }))
    fireEvent.change(screen.getByRole('textbox', { name: /Review/ }), { target: { value: 'Better the second time' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(question()).not.toBeNull()
  })

  it('does not ask when the watch is logged', () => {
    const { review } = openLog()
    fireEvent.change(review, { target: { value: 'A long review' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log it' }))
    expect(question()).toBeNull()
    expect(logDialog()).toBeNull()
  })
})

describe('the day watched', () => {
  it('is offered from 1900 up to today here, so a slipped year (0001, 2062) is caught before it is sent', () => {
    openLog()
    const day = screen.getByLabelText<HTMLInputElement>('Watched on')
    expect(day.min).toBe('1900-01-01')
    expect(day.max).toBe(localDay(new Date()))
    expect(day.value).toBe(localDay(new Date()))
  })

  it("keeps an entry's own day valid when it has not begun here yet (logged further east)", () => {
    const tomorrow = localDay(new Date(Date.now() + 24 * 60 * 60 * 1000))
    openLog({ kind: 'edit', entry: watchedItem('w1', 7, { watchedOn: tomorrow, watchedAt: new Date().toISOString() }) })
    const day = screen.getByLabelText<HTMLInputElement>('Watched on')
    expect(day.value).toBe(tomorrow)
    expect(day.max).toBe(tomorrow)
    expect(day.validity.valid).toBe(true)
  })
})

describe('where it was watched', () => {
  it('keeps a name pasted past 100 characters and says so, instead of cutting it unseen', () => {
    openLog()
    fireEvent.change(screen.getByLabelText('Watched on service'), { target: { value: 'other' } })
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Which one?' })
    const pasted = `The ${'very '.repeat(20)}small cinema`
    fireEvent.change(name, { target: { value: pasted } })
    expect(name.value).toBe(pasted)
    expect(screen.getByText(/characters too long: shorten it to save/)).toBeDefined()
    expect(name.validity.valid).toBe(false)
  })
})

describe('logging a title already in the diary', () => {
  it('says it logs a rewatch, and how often it is logged already', () => {
    openLog({ kind: 'mark', onWatchlist: false, timesWatched: 2 })
    const dialog = logDialog() as HTMLElement
    expect(within(dialog).getByText('I watched it again…')).toBeDefined()
    expect(within(dialog).getByText('Already in your diary 2 times: this logs a rewatch.')).toBeDefined()
  })

  it('says nothing of the kind for a first watch', () => {
    openLog({ kind: 'mark', onWatchlist: false, timesWatched: 0 })
    const dialog = logDialog() as HTMLElement
    expect(within(dialog).getByText('I watched…')).toBeDefined()
    expect(within(dialog).queryByText(/rewatch/)).toBeNull()
  })
})
