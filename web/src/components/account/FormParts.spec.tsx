import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SubmitButton } from './FormParts'

function renderForm(busy: boolean, onSubmit: () => void) {
  return render(
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <input aria-label="Location" />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save changes
      </SubmitButton>
    </form>,
  )
}

describe('the submit button', () => {
  afterEach(cleanup)

  it('while busy stays focusable, says it is unavailable, and a press submits nothing', () => {
    const submitted = vi.fn()
    renderForm(true, submitted)
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' })
    expect(button.disabled).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    button.focus()
    fireEvent.click(button)
    expect(submitted).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button)
  })

  it('submits when not busy', () => {
    const submitted = vi.fn()
    renderForm(false, submitted)
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(submitted).toHaveBeenCalledOnce()
  })
})
