import { onlineManager } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchedItem } from '../../features/library/testing'
import { removeToast, useToasts } from '../../lib/toast'
import { removeWatchedWithUndo } from './removeWithUndo'

afterEach(() => {
  act(() => removeToast())
  onlineManager.setOnline(true)
})

const entry = watchedItem('e1', 5, { rating: 9, review: 'The last act still lands.', title: 'Heat' })

function fakeChanges(removed: boolean) {
  const remove = vi.fn(() => Promise.resolve(removed))
  const putBack = vi.fn(() => Promise.resolve(true))
  return { changes: { remove, putBack }, remove, putBack }
}

describe('removing a diary entry', () => {
  it('confirms it with a toast whose Undo puts the same entry back, once however often it is pressed', async () => {
    const { changes, remove, putBack } = fakeChanges(true)
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo(changes, entry))
    expect(remove).toHaveBeenCalledWith(entry, expect.any(String))
    const [shown] = toasts.result.current
    expect(shown?.title).toBe('Removed your entry for Heat')
    expect(shown?.description).toBe('It’s out of your diary.')
    expect(shown?.action?.label).toBe('Undo')
    // A double click reaches the button twice before the toast closes.
    act(() => shown?.action?.onClick())
    act(() => shown?.action?.onClick())
    expect(putBack).toHaveBeenCalledTimes(1)
    expect(putBack).toHaveBeenCalledWith(entry)
  })

  it('offers no Undo when the server refused the removal (the entry never left)', async () => {
    const { changes } = fakeChanges(false)
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo(changes, entry))
    expect(toasts.result.current).toEqual([])
  })

  it('offers the Undo as soon as the removal finds the server out of reach, and not again when it goes out', async () => {
    let removalTaken: (removed: boolean) => void = () => undefined
    const remove = vi.fn(() => new Promise<boolean>((resolve) => (removalTaken = resolve)))
    const { changes } = fakeChanges(true)
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo({ ...changes, remove }, entry))
    expect(toasts.result.current).toEqual([])
    // The removal's request got no answer: the app goes offline and the removal waits on this device.
    act(() => onlineManager.setOnline(false))
    expect(toasts.result.current.map((shown) => shown.action?.label)).toEqual(['Undo'])
    expect(toasts.result.current[0]?.description).toBe(
      'Saved on this device: it will be sent when you are back online.',
    )
    act(() => removeToast())
    // A minute later the server is back and takes it: no second toast, wherever the person is now.
    act(() => onlineManager.setOnline(true))
    await act(async () => removalTaken(true))
    expect(toasts.result.current).toEqual([])
  })

  it('offers the Undo at once offline, where the removal waits on this device', async () => {
    onlineManager.setOnline(false)
    const remove = vi.fn(() => new Promise<boolean>(() => undefined))
    const putBack = vi.fn(() => new Promise<boolean>(() => undefined))
    const toasts = renderHook(() => useToasts())
    await act(async () => removeWatchedWithUndo({ remove, putBack }, entry))
    const [shown] = toasts.result.current
    // Not "out of your diary" yet: it says where the removal is, as every change made offline does.
    expect(shown?.description).toBe('Saved on this device: it will be sent when you are back online.')
    expect(shown?.action?.label).toBe('Undo')
    act(() => shown?.action?.onClick())
    expect(putBack).toHaveBeenCalledWith(entry)
  })
})
