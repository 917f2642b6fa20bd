import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useModalDialog } from './modalDialog'
import { imitateModalDialogs } from './modalDialogInJsdom'

beforeAll(imitateModalDialogs)
afterEach(cleanup)

function Asked({ onClose }: { onClose: () => void }) {
  const { close, dialogProps } = useModalDialog({ onClose })
  return (
    <dialog {...dialogProps} aria-label="Sure?">
      <button type="button" onClick={close}>
        Cancel
      </button>
    </dialog>
  )
}

function Page() {
  const [asking, setAsking] = useState(false)
  const [closes, setCloses] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Delete
      </button>
      <p>closed {closes}</p>
      {asking ? (
        <Asked
          onClose={() => {
            setAsking(false)
            setCloses((n) => n + 1)
          }}
        />
      ) : null}
    </>
  )
}

const openDialog = () => screen.queryByRole('dialog', { name: 'Sure?' })
/** The tasks a browser runs next, such as a queued `close` event. */
const nextTasks = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)))

describe('useModalDialog', () => {
  it.each([
    ['its own button', () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' })],
  ])(
    'closed with %s, it is gone at once, so its opener opens it again before the close event comes',
    async (_way, closeIt) => {
      render(<Page />)
      const opener = screen.getByRole('button', { name: 'Delete' })
      opener.focus()
      fireEvent.click(opener)
      expect(openDialog()?.hasAttribute('open')).toBe(true)

      closeIt()
      expect(openDialog()).toBeNull()
      expect(document.activeElement).toBe(opener)
      fireEvent.click(opener)
      await nextTasks()

      expect((openDialog() as HTMLDialogElement | null)?.open).toBe(true)
      expect(screen.getByText('closed 1')).toBeTruthy()
    },
  )

  it('tells of a close once, though the close event comes too', async () => {
    render(<Page />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await nextTasks()
    expect(screen.getByText('closed 1')).toBeTruthy()
  })
})
