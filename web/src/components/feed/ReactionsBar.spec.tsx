import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReactionsBar, reactionSaid } from './ReactionsBar'

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

describe('two presses before the bar is drawn again', () => {
  it('put the reaction on and take it off again, as two presses with a redraw between do', () => {
    const onToggle = vi.fn()
    render(<ReactionsBar reactions={reactions} onToggle={onToggle} subject="Fight Club" />)
    const chip = screen.getByRole('button', { name: /^👍 1/ })
    // The bar's reactions come from its parent, which has not drawn the first press yet.
    fireEvent.click(chip)
    fireEvent.click(chip)
    expect(onToggle.mock.calls).toEqual([
      ['👍', true, chip],
      ['👍', false, chip],
    ])
  })
})

describe('a double-click', () => {
  it('is one press: the reaction goes on and stays', () => {
    const onToggle = vi.fn()
    render(<ReactionsBar reactions={reactions} onToggle={onToggle} subject="Fight Club" />)
    const chip = screen.getByRole('button', { name: /^👍 1/ })
    fireEvent.click(chip, { detail: 1 })
    fireEvent.click(chip, { detail: 2 })
    expect(onToggle.mock.calls).toEqual([['👍', true, chip]])
  })
})

describe('what a press did', () => {
  it('is worded the same for an activity and a comment', () => {
    expect(reactionSaid('❤️', true, "ben's watch of Casablanca")).toBe("You reacted ❤️ to ben's watch of Casablanca")
    expect(reactionSaid('🍿', false, "ben's comment")).toBe("You took back your 🍿 on ben's comment")
  })
})

describe('with the keyboard', () => {
  it('is one Tab stop; the arrows, Home and End move between the reactions', async () => {
    render(
      <>
        <button type="button">before</button>
        <ReactionsBar reactions={reactions} onToggle={vi.fn()} subject="Fight Club" />
      </>,
    )
    const bar = screen.getByRole('toolbar', { name: 'Reactions to Fight Club' })
    const chips = within(bar).getAllByRole('button')
    expect(chips).toHaveLength(7)
    // One place in the Tab order for the whole palette, whichever element holds it.
    const tabStops = [bar, ...chips].filter((element) => element.tabIndex === 0)
    expect(tabStops).toHaveLength(1)
    act(() => chips[0]!.focus())
    // Radix moves the focus just after the key press, not during it.
    const press = async (key: string, from: number, to: number) => {
      fireEvent.keyDown(chips[from]!, { key })
      await waitFor(() => expect(document.activeElement).toBe(chips[to]))
    }
    await press('ArrowRight', 0, 1)
    await press('End', 1, 6)
    await press('Home', 6, 0)
    // The one focused last is the one Tab comes back to.
    await press('ArrowLeft', 0, 6)
    expect(chips.filter((chip) => chip.tabIndex === 0)).toEqual([chips[6]])
  })
})

describe('on a card closed by an ended friendship', () => {
  const given = [
    { emoji: '👍' as const, count: 1, mine: false, users: ['alice'] },
    { emoji: '🔥' as const, count: 1, mine: true, users: ['me'] },
  ]

  it('shows who reacted, takes no new reaction, and still lets me take back mine', () => {
    const onToggle = vi.fn()
    render(<ReactionsBar readOnly reactions={given} onToggle={onToggle} subject="Dune" me="me" />)
    const theirs = screen.getByRole('button', { name: /^👍 1/ })
    const mine = screen.getByRole('button', { name: /^🔥 1/ })
    expect(theirs.getAttribute('aria-disabled')).toBe('true')
    expect(mine.getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(theirs)
    expect(onToggle).not.toHaveBeenCalled()
    fireEvent.click(mine)
    expect(onToggle).toHaveBeenCalledWith('🔥', false, mine)
    // Only what was given shows: no palette of reactions nobody may give.
    expect(screen.getAllByRole('button')).toHaveLength(2)
  })
})
