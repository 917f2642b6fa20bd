import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { UnsavedChangesDialog } from '../components/shell/UnsavedChangesDialog'
import { imitateModalDialogs } from './modalDialogInJsdom'
import { routerInMemory, where, withinRouter } from './routerInSpecs'
import { askBeforeLeavingUnsaved, useUnsavedChanges, wordsWrittenNow } from './unsavedChanges'

beforeAll(imitateModalDialogs)
afterEach(cleanup)

/** A one-field form, saved as "Dune" until Save saves what is typed. */
function Note({ label = 'Note' }: { label?: string }) {
  const [saved, setSaved] = useState('Dune')
  const [text, setText] = useState(saved)
  const leaving = useUnsavedChanges(text !== saved, [{ label: `Your ${label.toLowerCase()}`, text }])
  return (
    <>
      <input aria-label={label} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save {label}
      </button>
      <UnsavedChangesDialog leaving={leaving} />
    </>
  )
}

function showNote() {
  const router = routerInMemory()
  render(withinRouter(router, <Note />))
  return router
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Note'), { target: { value: text } })
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const dialog = () => screen.queryByRole('dialog', { name: 'Leave this page?' })

describe('leaving a form with unsaved changes', () => {
  it('goes at once from a form that was not changed', async () => {
    const router = showNote()
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(dialog()).toBeNull()
  })

  it('asks first, and Stay keeps the page with what was typed', async () => {
    const router = showNote()
    type('Dune: Part Two')
    await leave(router)
    const asked = await screen.findByRole('dialog', { name: 'Leave this page?' })
    expect(asked.textContent).toContain('Your changes will not be saved.')
    expect(document.activeElement?.textContent).toBe('Stay')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(dialog()).toBeNull()
    expect(where(router)).toBe('/')
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('Dune: Part Two')
  })

  it('goes on Leave', async () => {
    const router = showNote()
    type('Dune: Part Two')
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    expect(where(router)).toBe('/elsewhere')
  })

  it('lets go once the changes are saved', async () => {
    const router = showNote()
    type('Dune: Part Two')
    fireEvent.click(screen.getByRole('button', { name: 'Save Note' }))
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(dialog()).toBeNull()
  })

  it('lets go once the text is typed back to what was saved', async () => {
    const router = showNote()
    type('Dune: Part Two')
    type('Dune')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(dialog()).toBeNull()
  })

  describe('with two changed forms on one page', () => {
    function showTwoNotes() {
      const router = routerInMemory()
      render(
        withinRouter(
          router,
          <>
            <Note label="First note" />
            <Note label="Second note" />
          </>,
        ),
      )
      for (const label of ['First note', 'Second note'])
        fireEvent.change(screen.getByLabelText(label), { target: { value: `${label}: Dune: Part Two` } })
      return router
    }

    it('asks once, and Leave leaves', async () => {
      const router = showTwoNotes()
      await leave(router)
      expect(await screen.findAllByRole('dialog', { name: 'Leave this page?' })).toHaveLength(1)
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
      expect(where(router)).toBe('/elsewhere')
      expect(dialog()).toBeNull()
    })

    it('asks once, and Stay keeps both', async () => {
      const router = showTwoNotes()
      await leave(router)
      await screen.findByRole('dialog', { name: 'Leave this page?' })
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
      expect(dialog()).toBeNull()
      expect(where(router)).toBe('/')
      expect(screen.getByLabelText<HTMLInputElement>('Second note').value).toBe('Second note: Dune: Part Two')
    })

    it('still asks once the first form is saved, for the second', async () => {
      const router = showTwoNotes()
      fireEvent.click(screen.getByRole('button', { name: 'Save First note' }))
      await leave(router)
      expect(await screen.findAllByRole('dialog', { name: 'Leave this page?' })).toHaveLength(1)
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
      expect(where(router)).toBe('/elsewhere')
    })
  })

  describe('asked outside the router (Log out)', () => {
    it('says go on at once when nothing is unsaved', async () => {
      showNote()
      await expect(askBeforeLeavingUnsaved()).resolves.toBe(true)
      expect(dialog()).toBeNull()
    })

    it('asks in the same dialog; Stay says no and keeps what was typed', async () => {
      showNote()
      type('Dune: Part Two')
      const asked = askBeforeLeavingUnsaved()
      await screen.findByRole('dialog', { name: 'Leave this page?' })
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
      await expect(asked).resolves.toBe(false)
      expect(dialog()).toBeNull()
      expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('Dune: Part Two')
    })

    it('Leave says yes (the Stay that follows as the dialog closes is too late to count)', async () => {
      showNote()
      type('Dune: Part Two')
      const asked = askBeforeLeavingUnsaved()
      await screen.findByRole('dialog', { name: 'Leave this page?' })
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
      await expect(asked).resolves.toBe(true)
      expect(dialog()).toBeNull()
    })

    it('says go on when the changed form goes away before it is answered', async () => {
      showNote()
      type('Dune: Part Two')
      const asked = askBeforeLeavingUnsaved()
      await screen.findByRole('dialog', { name: 'Leave this page?' })
      cleanup()
      await expect(asked).resolves.toBe(true)
    })
  })

  it('asks with the words given, for a change of place within a screen', () => {
    render(
      <UnsavedChangesDialog title="Leave this template?" leaving={{ stay: () => undefined, leave: () => undefined }} />,
    )
    expect(screen.getByRole('dialog', { name: 'Leave this template?' }).textContent).toContain(
      'Your changes will not be saved.',
    )
  })

  describe('the words kept when the session ends under the page', () => {
    it('are the unsaved words of the changed forms, in the order they were changed', () => {
      render(
        withinRouter(
          routerInMemory(),
          <>
            <Note label="First note" />
            <Note label="Second note" />
            <Note label="Third note" />
          </>,
        ),
      )
      expect(wordsWrittenNow()).toEqual([])
      fireEvent.change(screen.getByLabelText('Second note'), { target: { value: 'Dune: Part Two' } })
      fireEvent.change(screen.getByLabelText('First note'), { target: { value: 'Arrival' } })
      expect(wordsWrittenNow()).toEqual([
        { label: 'Your second note', text: 'Dune: Part Two' },
        { label: 'Your first note', text: 'Arrival' },
      ])
    })

    it('are none once saved, typed back, emptied or gone with their form', () => {
      showNote()
      type('Dune: Part Two')
      fireEvent.click(screen.getByRole('button', { name: 'Save Note' }))
      expect(wordsWrittenNow()).toEqual([])
      type('   ')
      expect(wordsWrittenNow()).toEqual([])
      type('Arrival')
      expect(wordsWrittenNow()).toEqual([{ label: 'Your note', text: 'Arrival' }])
      cleanup()
      expect(wordsWrittenNow()).toEqual([])
    })
  })
})
