import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { showInLayout } from '../../features/account/layoutInSpecs'
import { forgetSessionEnd, noteSessionAnswer } from '../../features/account/sessionEnd'
import { forgetSignedInHere } from '../../features/account/signedInHere'
import { member } from '../../features/account/testing'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { Route as signedInLayout } from '../../routes/_authed'
import { sessionEndedTexts } from './SessionEnded'

// The shell (menus, the bell and its polls) is not what these specs are about.
vi.mock('../shell/AppShell', () => ({ AppShell: ({ children }: { children: ReactNode }) => <>{children}</> }))

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
  Reflect.deleteProperty(navigator, 'clipboard')
  forgetSessionEnd()
})

const ada = member({ id: 'u1', username: 'ada' })

/** A title's page with the watch being logged: a review and a rating, as the Mark watched dialog has. */
function TitlePage() {
  const [review, setReview] = useState('')
  const [rating, setRating] = useState(0)
  const words = review !== '' ? [{ label: 'Your review of Dune', text: review }] : []
  useUnsavedChanges(review !== '' || rating !== 0, words)
  return (
    <>
      <textarea aria-label="Review" value={review} onChange={(event) => setReview(event.target.value)} />
      <button type="button" onClick={() => setRating(4)}>
        Four stars
      </button>
    </>
  )
}

/** The title's page in the signed-in layout (`_authed.tsx`), ada signed in in this tab. */
const showTitlePage = () =>
  showInLayout({ route: signedInLayout, id: '/_authed' }, '/media/movie/438631', TitlePage, ada)

const write = (text: string) => fireEvent.change(screen.getByLabelText('Review'), { target: { value: text } })
const signInAgain = { pathname: '/sign_in', search: '?returnTo=%2Fmedia%2Fmovie%2F438631' }
const kept = () => screen.queryByLabelText<HTMLTextAreaElement>('Your review of Dune')

describe('the session ends elsewhere while a page is open', () => {
  it('keeps a review being written on the page, says so, and stays', async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene, on a big screen.')
    await answer(null)
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.kept)
    expect(screen.getByRole('heading', { name: 'You were signed out' })).toBeTruthy()
    expect(kept()?.value).toBe('The sandworm scene, on a big screen.')
    expect(document.activeElement).toBe(kept())
    expect(at().pathname).toBe('/media/movie/438631')
  })

  it('copies the words whole', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { answer } = await showTitlePage()
    write('The sandworm scene.')
    await answer(null)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy your review of Dune' })))
    expect(writeText).toHaveBeenCalledWith('The sandworm scene.')
    expect(screen.getByText('Copied')).toBeTruthy()
  })

  it('asks before Sign in again leaves the words, and signing in comes back to the page', async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene.')
    await answer(null)
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sign in again' })))
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(at().pathname).toBe('/media/movie/438631')
    expect(kept()?.value).toBe('The sandworm scene.')

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sign in again' })))
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at()).toEqual(signInAgain)
  })

  it('goes to sign in at once, as before, with nothing written', async () => {
    const { answer, at } = await showTitlePage()
    await answer(null)
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at()).toEqual(signInAgain)
  })

  it('goes to sign in, without asking, from a change that is not words (a rating)', async () => {
    const { answer, at } = await showTitlePage()
    fireEvent.click(screen.getByRole('button', { name: 'Four stars' }))
    await answer(null)
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(at()).toEqual(signInAgain)
  })

  it("keeps nothing after the member's own Log out here (asked already), and does not come back", async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene.')
    forgetSignedInHere()
    await answer(null)
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at()).toEqual({ pathname: '/sign_in', search: '' })
  })
})

describe('the account is deleted on another device while a page is open', () => {
  const deletedElsewhere = () => noteSessionAnswer({ user: null, ended: 'accountDeleted' })

  it('says the account was deleted (not signed out), at once, with nothing written', async () => {
    const { answer, at } = await showTitlePage()
    deletedElsewhere()
    await answer(null)
    await screen.findByRole('heading', { name: 'Your account has been deleted' })
    expect(at().pathname).toBe('/account-deleted')
  })

  it('keeps a review being written, says the account was deleted, and offers no sign-in', async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene.')
    deletedElsewhere()
    await answer(null)
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.deleted)
    expect(screen.getByRole('heading', { name: 'Your account was deleted' })).toBeTruthy()
    expect(kept()?.value).toBe('The sandworm scene.')
    expect(screen.getByRole('button', { name: 'Copy your review of Dune' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Sign in again' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Done' }).getAttribute('href')).toBe('/account-deleted')
    expect(at().pathname).toBe('/media/movie/438631')
  })
})

describe('someone signs in in another tab while the words are kept', () => {
  it('the same member: the words stay, it says they are signed in again, and Go on goes back to the page', async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene.')
    await answer(null)
    await answer(ada)
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.again)
    expect(screen.getByRole('heading', { name: "You're signed in again" })).toBeTruthy()
    expect(kept()?.value).toBe('The sandworm scene.')
    expect(screen.queryByRole('link', { name: 'Sign in again' })).toBeNull()

    // Go on leaves the words: asked first.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go on' })))
    await screen.findByRole('dialog', { name: 'Leave what you wrote?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(kept()?.value).toBe('The sandworm scene.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go on' })))
    await screen.findByRole('dialog', { name: 'Leave what you wrote?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    expect(screen.getByLabelText<HTMLTextAreaElement>('Review').value).toBe('')
    expect(kept()).toBeNull()
    expect(at().pathname).toBe('/media/movie/438631')
  })

  it('another member: the words go unseen, and the page is theirs, as before', async () => {
    const { answer, at } = await showTitlePage()
    write('The sandworm scene.')
    await answer(null)
    await answer(member({ id: 'u2', username: 'bo' }))
    expect(kept()).toBeNull()
    expect(screen.queryByText(sessionEndedTexts.again)).toBeNull()
    expect(screen.queryByText(/sandworm/)).toBeNull()
    expect(screen.getByLabelText<HTMLTextAreaElement>('Review').value).toBe('')
    expect(at().pathname).toBe('/media/movie/438631')
    // Nor do they come back should ada sign in again after.
    await answer(ada)
    expect(kept()).toBeNull()
  })

  it('another member straight after (this tab never heard "nobody"): the page is drawn anew, without the words', async () => {
    const { answer } = await showTitlePage()
    write('The sandworm scene.')
    await answer(member({ id: 'u2', username: 'bo' }))
    expect(screen.getByLabelText<HTMLTextAreaElement>('Review').value).toBe('')
    expect(screen.queryByText(/sandworm/)).toBeNull()
    // Nor are they named as bo's should his session end.
    await answer(null)
    expect(kept()).toBeNull()
  })

  it('the same member who leaves the page (Back, then Leave) leaves the words with it', async () => {
    const { answer, router } = await showTitlePage()
    write('The sandworm scene.')
    await answer(null)
    await answer(ada)
    expect(kept()?.value).toBe('The sandworm scene.')
    // Where the question's Leave goes: past the question, to another address under the same layout.
    await act(async () => {
      // The spec's own route tree, not the app's: its addresses are not the app's typed ones.
      await router.navigate({
        to: '/media/movie/438631' as never,
        search: { from: 'back' } as never,
        ignoreBlocker: true,
      })
    })
    expect(kept()).toBeNull()
    expect(screen.getByLabelText<HTMLTextAreaElement>('Review').value).toBe('')
  })
})
