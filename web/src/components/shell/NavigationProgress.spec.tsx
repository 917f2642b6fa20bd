import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NavigationProgress, progressDelayMs } from './NavigationProgress'

/** A router whose second page takes as long as `arrival` does to come (its code on a slow network). */
function routerWithSlowPage(arrival: Promise<void>) {
  const root = createRootRoute({
    component: () => (
      <>
        <NavigationProgress />
        <Outlet />
      </>
    ),
  })
  const first = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>First page</p> })
  const slow = createRoute({
    getParentRoute: () => root,
    path: '/slow',
    loader: () => arrival,
    component: () => <p>Slow page</p>,
  })
  return createRouter({
    routeTree: root.addChildren([first, slow]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
}

const bar = () => screen.queryByTestId('navigation-progress')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the bar while the next page is on its way', () => {
  afterEach(cleanup)

  it('shows past a short wait, and goes when the page has come', async () => {
    let arrive = () => {}
    const router = routerWithSlowPage(new Promise<void>((resolve) => (arrive = resolve)))
    render(<RouterProvider router={router} />)
    await screen.findByText('First page')
    expect(bar()).toBeNull()

    // Inside act: React runs what a timer or the router's store schedules only within one in tests.
    await act(async () => {
      router.history.push('/slow')
      await pause(progressDelayMs / 3)
    })
    expect(bar()).toBeNull()
    await act(() => pause(progressDelayMs))
    expect(bar()).not.toBeNull()

    await act(async () => {
      arrive()
      await pause(0)
    })
    await screen.findByText('Slow page')
    expect(bar()).toBeNull()
  })

  it('never shows for a page that comes at once', async () => {
    const router = routerWithSlowPage(Promise.resolve())
    render(<RouterProvider router={router} />)
    await screen.findByText('First page')
    act(() => router.history.push('/slow'))
    await screen.findByText('Slow page')
    await act(() => pause(progressDelayMs * 2))
    expect(bar()).toBeNull()
  })
})
