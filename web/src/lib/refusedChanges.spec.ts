import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { gatherRefusals, refusalToast, tellRefused } from './refusedChanges'
import { removeToast, useToasts } from './toast'

const note = { title: "Couldn't save the note", reason: 'This title is not on your watchlist.' }
const move = { title: "Couldn't move that title", reason: 'This title is not on your watchlist.' }

afterEach(() => {
  act(() => removeToast())
})

describe('the toast for refused changes', () => {
  it('says a single refusal as it always has: which change, and the reason as the description', () => {
    expect(refusalToast([note])).toEqual({
      title: "Couldn't save the note",
      description: 'This title is not on your watchlist.',
      variant: 'destructive',
    })
  })

  it('has no description for a single refusal the server gave no reason for', () => {
    expect(refusalToast([{ title: 'Template not saved' }])).toEqual({
      title: 'Template not saved',
      variant: 'destructive',
    })
  })

  it('counts several refusals in its title and names each one on a line of its own, in order', () => {
    expect(refusalToast([note, move, { title: "Couldn't remove that entry" }])).toEqual({
      title: '3 changes could not be saved',
      description: [
        "Couldn't save the note: This title is not on your watchlist.",
        "Couldn't move that title: This title is not on your watchlist.",
        "Couldn't remove that entry",
      ].join('\n'),
      variant: 'destructive',
    })
  })
})

describe('telling refusals', () => {
  it('gathers the refusals of one replay into the toast on screen', async () => {
    const toasts = renderHook(() => useToasts())
    let done!: () => void
    const replay = gatherRefusals(new Promise<void>((resolve) => (done = resolve)))
    act(() => tellRefused(note))
    expect(toasts.result.current).toMatchObject([{ title: "Couldn't save the note" }])
    act(() => tellRefused(move))
    expect(toasts.result.current).toMatchObject([refusalToast([note, move])])
    done()
    await replay
  })

  it('starts afresh once the replay has settled', async () => {
    const toasts = renderHook(() => useToasts())
    await gatherRefusals(Promise.resolve().then(() => tellRefused(note)))
    act(() => tellRefused(move))
    expect(toasts.result.current).toMatchObject([refusalToast([move])])
  })

  it('tells a refusal outside any replay on its own', () => {
    const toasts = renderHook(() => useToasts())
    act(() => tellRefused(note))
    act(() => tellRefused(move))
    expect(toasts.result.current).toMatchObject([refusalToast([move])])
  })
})
