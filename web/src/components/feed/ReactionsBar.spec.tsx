import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReactionsBar } from './ReactionsBar'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const reactions = [{ emoji: '👍' as const, count: 1, mine: false, users: ['alice'] }]

describe('who reacted, on a phone', () => {
  it('stays shown after a long press lifts, until the next touch anywhere', () => {
    vi.useFakeTimers()
    const onToggle = vi.fn()
    render(<ReactionsBar reactions={reactions} onToggle={onToggle} subject="Fight Club" />)
    const chip = screen.getByRole('button', { name: /^👍 1/ })
    fireEvent.pointerDown(chip, { pointerType: 'touch' })
    act(() => {
      vi.advanceTimersByTime(500)
    })
    expect(screen.getByRole('tooltip').textContent).toBe('👍 alice')
    // A finger lifting leaves the chip: the names stay to be read.
    fireEvent.pointerUp(chip, { pointerType: 'touch' })
    fireEvent.pointerLeave(chip, { pointerType: 'touch' })
    fireEvent.click(chip)
    expect(screen.getByRole('tooltip').textContent).toBe('👍 alice')
    expect(onToggle).not.toHaveBeenCalled()
    fireEvent.pointerDown(document.body, { pointerType: 'touch' })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('goes with the mouse pointer that showed it', () => {
    render(<ReactionsBar reactions={reactions} onToggle={vi.fn()} subject="Fight Club" />)
    const chip = screen.getByRole('button', { name: /^👍 1/ })
    fireEvent.pointerEnter(chip, { pointerType: 'mouse' })
    expect(screen.getByRole('tooltip').textContent).toBe('👍 alice')
    fireEvent.pointerLeave(chip, { pointerType: 'mouse' })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
