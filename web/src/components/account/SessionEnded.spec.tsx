import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { markSignedInHere } from '../../features/account/signedInHere'
import { parseSearch, stringifySearch } from '../../lib/addressSearch'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { sessionEndedTexts, SessionEnded } from './SessionEnded'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
  Reflect.deleteProperty(navigator, 'clipboard')
})

/** A title's page with the watch being logged: a review and a rating, as the Mark watched dialog has. */
function MarkWatched() {
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

/** As the signed-in layout draws the page, until the session is found ended. */
function TitlePage() {
  const [signedOut, setSignedOut] = useState(false)
  if (signedOut) return <SessionEnded here="/media/movie/438631" />
  return (
    <>
      <MarkWatched />
      <button type="button" onClick={() => setSignedOut(true)}>
        The session ends
      </button>
    </>
  )
}

async function showTitlePage() {
  const root = createRootRoute({ component: Outlet })
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/', component: TitlePage }),
      createRoute({ getParentRoute: () => root, path: '/sign_in', component: () => <h1>Welcome back</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    parseSearch,
    stringifySearch,
  })
  render(<RouterProvider router={router} />)
  await screen.findByRole('button', { name: 'The session ends' })
  return router
}

const write = (text: string) => fireEvent.change(screen.getByLabelText('Review'), { target: { value: text } })
const sessionEnds = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'The session ends' })))
const signInAgain = { pathname: '/sign_in', search: '?returnTo=%2Fmedia%2Fmovie%2F438631' }
const at = (router: Awaited<ReturnType<typeof showTitlePage>>) => {
  const { pathname, search } = router.history.location
  return { pathname, search }
}

describe('the session ends elsewhere while a page is open', () => {
  it('keeps a review being written on the page, says so, and stays', async () => {
    markSignedInHere()
    const router = await showTitlePage()
    write('The sandworm scene, on a big screen.')
    await sessionEnds()
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.kept)
    expect(screen.getByRole('heading', { name: 'You were signed out' })).toBeTruthy()
    const kept = screen.getByLabelText<HTMLTextAreaElement>('Your review of Dune')
    expect(kept.value).toBe('The sandworm scene, on a big screen.')
    expect(document.activeElement).toBe(kept)
    expect(at(router).pathname).toBe('/')
  })

  it('copies the words whole', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    markSignedInHere()
    await showTitlePage()
    write('The sandworm scene.')
    await sessionEnds()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy your review of Dune' })))
    expect(writeText).toHaveBeenCalledWith('The sandworm scene.')
    expect(screen.getByText('Copied')).toBeTruthy()
  })

  it('asks before Sign in again leaves the words, and signing in comes back to the page', async () => {
    markSignedInHere()
    const router = await showTitlePage()
    write('The sandworm scene.')
    await sessionEnds()
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sign in again' })))
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(at(router).pathname).toBe('/')
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your review of Dune').value).toBe('The sandworm scene.')

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Sign in again' })))
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at(router)).toEqual(signInAgain)
  })

  it('goes to sign in at once, as before, with nothing written', async () => {
    markSignedInHere()
    const router = await showTitlePage()
    await sessionEnds()
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at(router)).toEqual(signInAgain)
  })

  it('goes to sign in, without asking, from a change that is not words (a rating)', async () => {
    markSignedInHere()
    const router = await showTitlePage()
    fireEvent.click(screen.getByRole('button', { name: 'Four stars' }))
    await sessionEnds()
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(at(router)).toEqual(signInAgain)
  })

  it("keeps nothing after the member's own Log out here (asked already), and does not come back", async () => {
    const router = await showTitlePage()
    write('The sandworm scene.')
    await sessionEnds()
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at(router)).toEqual({ pathname: '/sign_in', search: '' })
  })
})
