import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { watchlistItem } from '../../features/library/testing'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { NoteDialog } from './NoteDialog'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'

beforeAll(imitateModalDialogs)
neverAnsweringServer()

const item = watchlistItem(7, 0, { title: 'Pulp Fiction', note: 'IMAX' })

function Row() {
  const [editing, setEditing] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit note
      </button>
      {editing ? <NoteDialog item={item} onClose={() => setEditing(false)} /> : null}
    </>
  )
}

function openNote() {
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <Row />
      </QueryClientProvider>,
    ),
  )
  const opener = screen.getByRole('button', { name: 'Edit note' })
  opener.focus()
  fireEvent.click(opener)
  const note = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note for Pulp Fiction' })
  note.focus()
  return { opener, note }
}

const noteDialog = () => screen.queryByRole('dialog', { name: 'Pulp Fiction' })
const question = () => screen.queryByRole('dialog', { name: 'Discard your changes?' })
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })

describe('closing the note dialog', () => {
  it('closes at once when the note is as it was', () => {
    const { opener, note } = openNote()
    fireEvent.change(note, { target: { value: 'IMAX!' } })
    fireEvent.change(note, { target: { value: 'IMAX' } })
    escape()
    expect(question()).toBeNull()
    expect(noteDialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('asks before Escape throws a changed note away, and Stay keeps it, with the focus back in it', () => {
    const { note } = openNote()
    fireEvent.change(note, { target: { value: 'Watch with Bob' } })
    escape()
    const asked = question()
    expect(asked).not.toBeNull()
    expect(within(asked as HTMLElement).getByText('Your changes will not be saved.')).toBeTruthy()
    expect(document.activeElement).toBe(within(asked as HTMLElement).getByRole('button', { name: 'Stay' }))

    escape()
    expect(question()).toBeNull()
    expect(noteDialog()).not.toBeNull()
    expect(note.value).toBe('Watch with Bob')
    expect(document.activeElement).toBe(note)
  })

  it('asks when Cancel is pressed too, and Leave closes both, with the focus on what opened the note', () => {
    const { opener, note } = openNote()
    fireEvent.change(note, { target: { value: 'Watch with Bob' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: 'Leave' }))
    expect(question()).toBeNull()
    expect(noteDialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('does not ask when the note is saved', () => {
    const { note } = openNote()
    fireEvent.change(note, { target: { value: 'Watch with Bob' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }))
    expect(question()).toBeNull()
    expect(noteDialog()).toBeNull()
  })
})

describe('a note past its limit', () => {
  it('is kept whole and not saved: the dialog stays open until it is shortened', () => {
    const { note } = openNote()
    const long = 'x'.repeat(501)
    fireEvent.change(note, { target: { value: long } })
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }))
    expect(noteDialog()).not.toBeNull()
    expect(note.value).toBe(long)
    expect(note.validationMessage).toBe('1 character too long: shorten it to save.')
    fireEvent.change(note, { target: { value: long.slice(1) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }))
    expect(noteDialog()).toBeNull()
  })
})
