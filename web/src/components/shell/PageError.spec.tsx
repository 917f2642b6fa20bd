import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropKeptAnswersBeforeReload } from '../../features/offline/offlineSession'
import { createAppRouter } from '../../router'
import { PageError } from './PageError'

vi.mock('../../features/offline/offlineSession', () => ({ dropKeptAnswersBeforeReload: vi.fn() }))

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
