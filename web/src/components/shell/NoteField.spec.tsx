import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { NoteField } from './NoteField'

afterEach(cleanup)

function Note({
  opening = '',
  maxLength = 500,
  rows = 3,
  children,
}: {
  opening?: string
  maxLength?: number
  /** null: one line. */
  rows?: number | null
  children?: ReactNode
}) {
  const [words, setWords] = useState(opening)
  return (
    <NoteField
      label="Note for Alien"
      labelClassName="sr-only"
      value={words}
      onChange={setWords}
      maxLength={maxLength}
      {...(rows === null ? {} : { rows })}
      placeholder="With Sam…"
      fieldClassName="field"
    >
      {children}
    </NoteField>
  )
}

const field = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note for Alien' })
const count = (written: number, most: number) => `${written.toLocaleString()} / ${most.toLocaleString()}`

describe('a note field', () => {
  it('is a text box named by its label, showing the words it opened with', () => {
    render(<Note opening="IMAX" />)
    expect(field().value).toBe('IMAX')
    expect(field().placeholder).toBe('With Sam…')
    expect(field().rows).toBe(3)
  })

  it('describes itself by its count, so a screen reader hears it on entering the field', () => {
    render(<Note opening="IMAX" />)
    expect(screen.getByRole('textbox', { description: count(4, 500) })).toBe(field())
    expect(screen.getByText(count(4, 500))).toBeDefined()
  })

  it('counts again as words are written', () => {
    render(<Note />)
    fireEvent.change(field(), { target: { value: 'With Sam' } })
    expect(field().value).toBe('With Sam')
    expect(screen.getByRole('textbox', { description: count(8, 500) })).toBe(field())
  })

  it('counts an emoji as one character, as the server does: ten fit a limit of ten', () => {
    render(<Note maxLength={10} />)
    fireEvent.change(field(), { target: { value: '🍿'.repeat(10) } })
    expect(screen.getByRole('textbox', { description: count(10, 10) })).toBe(field())
    expect(field().validity.valid).toBe(true)
  })

  it('writes a long limit as the reader reads numbers', () => {
    render(<Note maxLength={5000} />)
    expect(screen.getByText(count(0, 5000))).toBeDefined()
  })

  it('keeps words past its limit, says how far over they are, and is invalid until they are shortened', () => {
    render(<Note maxLength={10} />)
    fireEvent.change(field(), { target: { value: 'With Sam, IMAX' } })
    // Nothing cut where the writer cannot see it: a paste past the limit keeps every word.
    expect(field().value).toBe('With Sam, IMAX')
    const message = '4 characters too long: shorten it to save.'
    expect(screen.getByRole('textbox', { description: `${message} ${count(14, 10)}` })).toBe(field())
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(field().validity.valid).toBe(false)
    expect(field().validationMessage).toBe(message)
    fireEvent.change(field(), { target: { value: 'With Sam' } })
    expect(field().validity.valid).toBe(true)
    expect(field().hasAttribute('aria-invalid')).toBe(false)
    expect(screen.getByRole('textbox', { description: count(8, 10) })).toBe(field())
  })

  it('is one line without rows, and keeps a paste past its limit there as well', () => {
    render(<Note rows={null} maxLength={10} />)
    expect(field().tagName).toBe('INPUT')
    fireEvent.change(field(), { target: { value: 'The Prince Charles Cinema' } })
    expect(field().value).toBe('The Prince Charles Cinema')
    const message = '15 characters too long: shorten it to save.'
    expect(screen.getByRole('textbox', { description: `${message} ${count(25, 10)}` })).toBe(field())
    expect(field().validity.valid).toBe(false)
    expect(field().validationMessage).toBe(message)
  })

  it('keeps what goes with the words below the count', () => {
    render(
      <Note opening="It ends badly">
        <p>Contains spoilers</p>
      </Note>,
    )
    const counter = screen.getByText(count(13, 500))
    expect(counter.nextElementSibling?.textContent).toBe('Contains spoilers')
  })
})
