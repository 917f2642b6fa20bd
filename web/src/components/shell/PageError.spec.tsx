import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  RouterProvider,
} from '@tanstack/react-router'
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropKeptAnswersBeforeReload } from '../../features/offline/offlineSession'
import { decideChunkReloads, reloadOnceFor } from '../../lib/chunkLoad'
import { connection, forgetUnreachable } from '../../lib/connection'
import { createAppRouter } from '../../router'
import { PageError } from './PageError'

vi.mock('../../features/offline/offlineSession', () => ({ dropKeptAnswersBeforeReload: vi.fn() }))
vi.mock('../../lib/chunkLoad', async (original) => ({
  ...(await original<typeof import('../../lib/chunkLoad')>()),
  reloadOnceFor: vi.fn(() => true),
}))

/** A router whose only page throws while `failing` says so, with the app's error screen. */
function routerWithFailingPage(failing: { now: boolean }) {
  const root = createRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: function Failing() {
      if (failing.now) throw new TypeError("Cannot read properties of undefined (reading 'length')")
      return <p>The page</p>
    },
  })
  return createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: PageError,
  })
}

describe('a screen that fails to draw', () => {
  afterEach(cleanup)

  it('is the app’s error screen: what happened, and the ways on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<RouterProvider router={routerWithFailingPage({ now: true })} />)
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reload the app' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/home')
    expect(screen.getByText(/reading 'length'/)).toBeTruthy()
  })

  it('draws the page again with Try again, once what failed has passed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failing = { now: true }
    render(<RouterProvider router={routerWithFailingPage(failing)} />)
    await screen.findByRole('heading', { name: 'Something went wrong' })
    failing.now = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      await Promise.resolve()
    })
    expect(await screen.findByText('The page')).toBeTruthy()
  })

  it('drops the answers kept on the device before Reload the app and Go home, one of which may be the cause', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<RouterProvider router={routerWithFailingPage({ now: true })} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Reload the app' }))
    expect(dropKeptAnswersBeforeReload).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('link', { name: 'Go home' }))
    expect(dropKeptAnswersBeforeReload).toHaveBeenCalledTimes(2)
  })

  it('is what the app’s router shows', () => {
    expect(createAppRouter(new QueryClient()).options.defaultErrorComponent).toBe(PageError)
  })
})

describe('a screen whose code could not be fetched', () => {
  decideChunkReloads()
  afterEach(() => {
    cleanup()
    act(() => forgetUnreachable())
    vi.unstubAllGlobals()
    vi.mocked(reloadOnceFor).mockClear()
    sessionStorage.clear()
  })

  /** The server as the page sees it: `reachable` answers every request, else none gets an answer. */
  function server() {
    const state = { reachable: false }
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        state.reachable
          ? Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }))
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    )
    return state
  }

  /**
   * A router whose page's code is a chunk, fetched as the built app fetches it (Vite reports a failure
   * before the import rejects), failing while the server cannot be reached.
   */
  function routerWithLazyPage(reach: { reachable: boolean }) {
    const root = createRootRoute()
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: lazyRouteComponent(() => {
        if (reach.reachable) return Promise.resolve({ default: () => <p>The scheduler</p> })
        const failure = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/s-1.js')
        window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: failure }))
        return Promise.reject(failure)
      }),
    })
    return createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: PageError,
    })
  }

  /**
   * What the router's lazy component found when it asked whether it had reloaded for a failure: it
   * reloads the page by itself when not (jsdom only says navigation is not implemented).
   */
  function routerReloadChecks(): (string | null)[] {
    const found: (string | null)[] = []
    const { getItem } = Object.getOwnPropertyDescriptors(Storage.prototype)
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, key: string) {
      const value = (getItem.value as Storage['getItem']).call(this, key)
      if (key.startsWith('tanstack_router_reload:')) found.push(value)
      return value
    })
    return found
  }

  it('with the server out of reach, stays in the app and says so, with Try again, instead of reloading', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const checks = routerReloadChecks()
    const reach = server()
    render(<RouterProvider router={routerWithLazyPage(reach)} />)
    expect(await screen.findByRole('heading', { name: 'This screen couldn’t be loaded' })).toBeTruthy()
    expect(
      await screen.findByText(
        'Reelmates can’t be reached, and this screen isn’t saved on this device. It opens by itself as soon as Reelmates can be reached.',
      ),
    ).toBeTruthy()
    expect(connection()).toBe('unreachable')
    expect(reloadOnceFor).not.toHaveBeenCalled()
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.every((value) => value === '1')).toBe(true)

    reach.reachable = true
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      await Promise.resolve()
    })
    expect(await screen.findByText('The scheduler')).toBeTruthy()
  })

  it('opens by itself once the server answers again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reach = server()
    render(<RouterProvider router={routerWithLazyPage(reach)} />)
    await screen.findByText(/It opens by itself as soon as Reelmates can be reached/)
    reach.reachable = true
    // The first probe goes a second after the server went unanswered (lib/connection).
    expect(await screen.findByText('The scheduler', {}, { timeout: 4000 })).toBeTruthy()
    expect(reloadOnceFor).not.toHaveBeenCalled()
  })

  it('with the server answering (a new release replaced the code), reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reach = server()
    const router = routerWithLazyPage({ reachable: false })
    reach.reachable = true
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('Reloading the app to open this screen…')).toBeTruthy()
    expect(reloadOnceFor).toHaveBeenCalledTimes(1)
  })
})
