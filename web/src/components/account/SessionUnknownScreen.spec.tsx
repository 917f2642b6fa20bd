import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionUnknown } from '../../features/account/currentUser'
import { failedAgainText } from '../shell/TryAgain'
import { SessionUnknownScreen } from './SessionUnknownScreen'

/** The guard's next answer to who is signed in: another failure, or someone, when the spec says. */
function guardAnswers() {
  let settle: (signedIn: boolean) => void = () => undefined
  const guard = {
    ask: (): Promise<void> => Promise.reject(new SessionUnknown(new Error('Session store down'))),
    /** Asking again waits until `settle` answers. */
    waitForAnswer() {
      guard.ask = () =>
        new Promise((resolve, reject) => {
          settle = (signedIn) => (signedIn ? resolve() : reject(new SessionUnknown(new Error('Session store down'))))
        })
    },
    settle: (signedIn: boolean) => act(async () => settle(signedIn)),
  }
  return guard
}

/** A signed-in page behind a guard that asks `guard`, with this screen for its failures. */
function routerWithGuard(guard: ReturnType<typeof guardAnswers>) {
  const root = createRootRoute()
  const guarded = createRoute({
    getParentRoute: () => root,
    id: 'guarded',
    beforeLoad: () => guard.ask(),
    errorComponent: SessionUnknownScreen,
  })
  const page = createRoute({
    getParentRoute: () => guarded,
    path: '/',
    component: () => (
      <main>
        <h1>Watchlist</h1>
      </main>
    ),
  })
  return createRouter({
    routeTree: root.addChildren([guarded.addChildren([page])]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
}

async function pressTryAgain(guard: ReturnType<typeof guardAnswers>) {
  const router = routerWithGuard(guard)
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { name: 'Something went wrong on our side' })
  screen.getByRole('button', { name: 'Try again' }).focus()
  guard.waitForAnswer()
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
  return router
}

describe('the screen that cannot say who is signed in, on Try again', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal('scrollTo', () => undefined)
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('says it is trying, unavailable meanwhile, and keeps the focus', async () => {
    const guard = guardAnswers()
    await pressTryAgain(guard)
    const trying = screen.getByRole('button', { name: 'Trying again…' })
    expect(trying.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(trying)
  })

  it('says that it failed again, the focus on Try again', async () => {
    const guard = guardAnswers()
    await pressTryAgain(guard)
    await guard.settle(false)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' })))
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-disabled')).toBe('false')
    expect(screen.getByRole('status').textContent).toBe(failedAgainText)
    expect(screen.getByRole('button', { name: 'Try again', description: failedAgainText })).toBeTruthy()
  })

  it('says nothing of failing again of a failure met later, not by Try again', async () => {
    const guard = guardAnswers()
    const router = await pressTryAgain(guard)
    await guard.settle(false)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(failedAgainText))
    // The guard asked again by the router (a poll, a move to another page), and failing anew.
    guard.ask = () => Promise.reject(new SessionUnknown(new Error('Session store down')))
    await act(async () => {
      await router.invalidate()
    })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''))
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('gives the page that loads the focus at its heading', async () => {
    const guard = guardAnswers()
    await pressTryAgain(guard)
    await guard.settle(true)
    const heading = await screen.findByRole('heading', { name: 'Watchlist' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })
})
