import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { dismissToast, removeToast, toast, toastRemoveDelayMs, useToasts } from './toast'

afterEach(() => {
  act(() => removeToast())
  vi.useRealTimers()
})

describe('toasts (spec §4, §9)', () => {
  it('keeps one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToasts())
    act(() => {
      toast({ title: 'First' })
      toast({ title: 'Second' })
    })
    expect(result.current.map((item) => item.title)).toEqual(['Second'])
  })

  it('closes a dismissed toast at once and removes it after the removal delay', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useToasts())
    let id = ''
    act(() => {
      id = toast({ title: 'Saved' }).id
    })
    act(() => dismissToast(id))
    expect(result.current).toMatchObject([{ title: 'Saved', open: false }])
    act(() => {
      vi.advanceTimersByTime(toastRemoveDelayMs - 1)
    })
    expect(result.current).toHaveLength(1)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toHaveLength(0)
  })

  it('updates a toast in place', () => {
    const { result } = renderHook(() => useToasts())
    act(() => {
      toast({ title: 'Uploading' }).update({ title: 'Uploaded' })
    })
    expect(result.current[0]?.title).toBe('Uploaded')
  })

  it('refuses an action without alternative text', () => {
    expect(() => toast({ title: 'Undo?', action: { label: 'Undo', altText: ' ', onClick: () => undefined } })).toThrow()
  })
})
