import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { focusIsLost, useFocusStaysInList, useFocusWhenGone } from './focusLost'

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('whether the focus is lost', () => {
  it('is when nothing but the body has it, as after the focused element went away', () => {
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    expect(focusIsLost()).toBe(false)
    button.remove()
    expect(focusIsLost()).toBe(true)
  })

  it('is when the focused control has just been disabled, which the browser will blur before the next frame', () => {
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    button.disabled = true
    expect(focusIsLost()).toBe(true)
  })
})

/** "Accept" becomes the words "Accepted" once the answer comes (`answered`), and names "Next" to take the focus. */
function Card({ answered }: { answered: boolean }) {
  const next = useRef<HTMLButtonElement>(null)
  const focusWhenGone = useFocusWhenGone()
  return (
    <div>
      {answered ? (
        <span>Accepted</span>
      ) : (
        <button type="button" onClick={(event) => focusWhenGone(event.currentTarget, () => next.current)}>
          Accept
        </button>
      )}
      <button type="button" ref={next}>
        Next
      </button>
      <input aria-label="Elsewhere" />
    </div>
  )
}

function pressAccept() {
  const accept = screen.getByRole('button', { name: 'Accept' })
  accept.focus()
  fireEvent.click(accept)
  return accept
}

describe('the focus after a control that went away', () => {
  it('goes where it was named once the control has gone, taking the focus with it', () => {
    const { rerender } = render(<Card answered={false} />)
    const accept = pressAccept()
    // Still there, so still focused: nothing moves until the answer shows.
    rerender(<Card answered={false} />)
    expect(document.activeElement).toBe(accept)
    rerender(<Card answered />)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }))
  })

  it('stays where the person has put it meanwhile', () => {
    const { rerender } = render(<Card answered={false} />)
    pressAccept()
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' })
    act(() => elsewhere.focus())
    rerender(<Card answered />)
    expect(document.activeElement).toBe(elsewhere)
  })
})

/** A watchlist in small: each title has a link and "Mark … watched"; `titles` is what the server says is left. */
function Titles({ titles }: { titles: string[] }) {
  const list = useRef<HTMLOListElement>(null)
  const followFocus = useFocusStaysInList(list)
  return (
    <>
      <ol ref={list} onFocus={followFocus}>
        {titles.map((title) => (
          <li key={title}>
            <a href={`/media/${title}`}>{title}</a>
            <button type="button">Mark {title} watched</button>
            <dialog open>
              <button type="button">Log {title}</button>
            </dialog>
          </li>
        ))}
      </ol>
      <button type="button">Elsewhere</button>
    </>
  )
}

describe('the focus in a list whose row leaves through a dialog or a menu', () => {
  const button = (name: string) => screen.getByRole('button', { name })

  it('goes on to the same control of the row then in its place', () => {
    const { rerender } = render(<Titles titles={['Heat', 'Ronin', 'Thief']} />)
    act(() => button('Mark Ronin watched').focus())
    // The dialog it opened had the focus last; it closed, and the title left with the watch logged.
    act(() => button('Log Ronin').focus())
    rerender(<Titles titles={['Heat', 'Thief']} />)
    expect(document.activeElement).toBe(button('Mark Thief watched'))
  })

  it('goes to the row before when the last one leaves', () => {
    const { rerender } = render(<Titles titles={['Heat', 'Ronin']} />)
    act(() => screen.getByRole('link', { name: 'Ronin' }).focus())
    rerender(<Titles titles={['Heat']} />)
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Heat' }))
  })

  it('follows the row to its new place before it leaves', () => {
    const { rerender } = render(<Titles titles={['Heat', 'Ronin', 'Thief']} />)
    act(() => button('Mark Heat watched').focus())
    rerender(<Titles titles={['Ronin', 'Thief', 'Heat']} />)
    rerender(<Titles titles={['Ronin', 'Thief']} />)
    expect(document.activeElement).toBe(button('Mark Thief watched'))
  })

  it('stays where the person has put it meanwhile', () => {
    const { rerender } = render(<Titles titles={['Heat', 'Ronin', 'Thief']} />)
    act(() => button('Mark Ronin watched').focus())
    act(() => button('Elsewhere').focus())
    rerender(<Titles titles={['Heat', 'Thief']} />)
    expect(document.activeElement).toBe(button('Elsewhere'))
  })
})
