import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { primaryButton } from '../social/socialStyles'
import { DialogActions } from './DialogActions'

afterEach(cleanup)

function showActions(props: Partial<Parameters<typeof DialogActions>[0]> = {}) {
  const onCancel = vi.fn()
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault())
  render(
    <form onSubmit={onSubmit}>
      <DialogActions look="library" onCancel={onCancel} {...props}>
        {props.children ?? 'Save note'}
      </DialogActions>
    </form>,
  )
  return { onCancel, onSubmit }
}

const cancel = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' })
const action = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

describe('the actions at the foot of a dialog', () => {
  it('Cancel dismisses the dialog without sending the form', () => {
    const { onCancel, onSubmit } = showActions()
    fireEvent.click(cancel())
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('the action, named by its words, sends the form', () => {
    const { onCancel, onSubmit } = showActions()
    fireEvent.click(action('Save note'))
    expect(onSubmit).toHaveBeenCalledOnce()
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('while there is nothing to send, only the action is unavailable', () => {
    showActions({ look: 'social', disabled: true, children: 'Sending…' })
    expect(action('Sending…').disabled).toBe(true)
    expect(cancel().disabled).toBe(false)
  })

  it('is available unless told otherwise', () => {
    showActions()
    expect(action('Save note').disabled).toBe(false)
  })

  it('wears the buttons of the side of the app it is on', () => {
    showActions({ look: 'social', children: 'Send' })
    expect(action('Send').className).toBe(primaryButton)
    cleanup()
    showActions({ look: 'librarySheet', children: 'Log it' })
    expect(action('Log it').className).toContain('bg-amber-400')
    expect(action('Log it').className).toContain('flex-1')
  })
})
