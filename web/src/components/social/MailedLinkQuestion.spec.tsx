import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { MailedLinkQuestion } from './MailedLinkQuestion'
import { primaryButton } from './socialStyles'

beforeAll(imitateModalDialogs)
neverAnsweringServer({ browserTab: true })

/** The question as the home screen asks it of a forwarded invitation, to `username` signed in (or not yet known). */
function ask(username: string | null) {
  const queryClient = createQueryClient()
  if (username) queryClient.setQueryData(currentUserKey, { id: 'me', username })
  const onTake = vi.fn()
  const onLeave = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <MailedLinkQuestion asking="Accept ann's invitation" confirmLabel="Accept" onTake={onTake} onLeave={onLeave}>
        ann sent this invitation to o•••@example.com. Accepting it makes you friends.
      </MailedLinkQuestion>
    </QueryClientProvider>,
  )
  return { onTake, onLeave }
}

describe('the question before taking a link mailed to another address', () => {
  it("asks in the screen's words, naming the account that would take it", () => {
    ask('dave')
    const question = screen.getByRole('dialog', { name: "Accept ann's invitation as dave?" })
    expect(question.textContent).toContain(
      'ann sent this invitation to o•••@example.com. Accepting it makes you friends.',
    )
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy()
  })

  it('asks without a name while the account is not known yet', () => {
    ask(null)
    expect(screen.getByRole('dialog', { name: "Accept ann's invitation?" })).toBeTruthy()
  })

  it("says yes with the app's primary button, not the red of a deletion", () => {
    ask('dave')
    const yes = screen.getByRole('button', { name: 'Accept' })
    expect(yes.className).toBe(primaryButton)
    expect(yes.className).not.toContain('rose')
  })

  it('Not now takes nothing', () => {
    const { onTake, onLeave } = ask('dave')
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }))
    expect(onTake).not.toHaveBeenCalled()
    expect(onLeave).toHaveBeenCalledOnce()
  })

  it('its yes takes it', () => {
    const { onTake } = ask('dave')
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onTake).toHaveBeenCalledOnce()
  })
})
