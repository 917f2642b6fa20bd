import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useQuickPresses } from './quickPresses'

describe('a toggle pressed again before the screen has drawn the first press', () => {
  it('undoes the first press, for each key on its own', () => {
    const { result } = renderHook(() => useQuickPresses())
    const press = result.current
    expect(press('👍', false)).toBe(true)
    expect(press('👍', false)).toBe(false)
    expect(press('👍', false)).toBe(true)
    expect(press('🔥', true)).toBe(false)
  })

  it('goes by what the screen shows once it has been drawn again', () => {
    const { result, rerender } = renderHook(({ shown }) => ({ press: useQuickPresses(), shown }), {
      initialProps: { shown: false },
    })
    expect(result.current.press('watchlist', result.current.shown)).toBe(true)
    // The first press was refused: the screen still says off, and the next press turns it on again.
    act(() => rerender({ shown: false }))
    expect(result.current.press('watchlist', result.current.shown)).toBe(true)
    act(() => rerender({ shown: true }))
    expect(result.current.press('watchlist', result.current.shown)).toBe(false)
  })
})
