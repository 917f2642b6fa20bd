import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { focusIsLost, useFocusWhenGone } from './focusLost'

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
