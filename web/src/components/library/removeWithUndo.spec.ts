import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Library } from '../../features/library/library'
import { watchedItem } from '../../features/library/testing'
import { removeToast, useToasts } from '../../lib/toast'
import { removeWatchedWithUndo } from './removeWithUndo'

afterEach(() => act(() => removeToast()))

const entry = watchedItem('e1', 5, { rating: 9, review: 'The last act still lands.', title: 'Heat' })

function fakeLibrary(removed: boolean) {
  const removeWatched = vi.fn(() => Promise.resolve(removed))
  const restoreWatched = vi.fn(() => Promise.resolve(true))
  return { library: { removeWatched, restoreWatched } as unknown as Library, removeWatched, restoreWatched }
}

describe('removing a diary entry', () => {
  it('confirms it with a toast whose Undo logs the same entry again', async () => {
    const { library, removeWatched, restoreWatched } = fakeLibrary(true)
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo(library, entry))
    expect(removeWatched).toHaveBeenCalledWith('e1')
    const [shown] = toasts.result.current
    expect(shown?.title).toBe('Removed your entry for Heat')
    expect(shown?.action?.label).toBe('Undo')
    act(() => shown?.action?.onClick())
    expect(restoreWatched).toHaveBeenCalledWith(entry)
  })

  it('offers no Undo when the server refused the removal (the entry never left)', async () => {
    const { library } = fakeLibrary(false)
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo(library, entry))
    expect(toasts.result.current).toEqual([])
  })
})
