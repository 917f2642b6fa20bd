import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouter,
} from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FocusOnNewScreen } from './FocusOnNewScreen'

afterEach(cleanup)

/** A link as the app's are, to an address of this spec's own router (the app's links know only the app's). */
function Go({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter()
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault()
        void router.navigate({ href })
      }}
    >
      {children}
    </a>
  )
}

/** An app with a frame (a menu link, a search field that navigates as it is typed in) around <main>. */
function app() {
  const root = createRootRoute({
    component: function Frame() {
      const router = useRouter()
      return (
        <>
          <FocusOnNewScreen />
          <nav>
            <Go href="/watchlist">Watchlist</Go>
            <input
              aria-label="Search"
              onChange={(event) => void router.navigate({ href: `/search?q=${event.target.value}` })}
            />
          </nav>
          <main>
            <Outlet />
          </main>
        </>
      )
    },
  })
  const page = (path: string, content: () => ReactNode) =>
    createRoute({ getParentRoute: () => root, path, component: content })
  const router = createRouter({
    routeTree: root.addChildren([
      page('/', () => (
        <>
          <h1>Home</h1>
          <Go href="/watchlist">Your watchlist</Go>
          <Go href="/?sort=title">Sort by title</Go>
          <Go href="/sign-in">Sign in</Go>
          <Go href="/loading">A screen still loading</Go>
        </>
      )),
      page('/watchlist', () => <h1>Watchlist</h1>),
      page('/search', () => <h1>Search</h1>),
      page('/sign-in', () => (
        <>
          <h1>Sign in</h1>
          <input aria-label="Email" autoFocus />
        </>
      )),
      page('/loading', function StillLoading() {
        const [loaded, setLoaded] = useState(false)
        useEffect(() => {
          const arrives = setTimeout(() => setLoaded(true), 60)
          return () => clearTimeout(arrives)
        }, [])
        return loaded ? <h1>Heat</h1> : <p>Loading…</p>
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

/** Long enough for a focus move that was going to happen to have happened. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)))

async function follow(name: string, within: 'main' | 'nav' = 'main') {
  const link = screen.getAllByRole('link', { name }).find((element) => element.closest(within))
  if (!link) throw new Error(`no link ${name} in ${within}`)
  link.focus()
  await act(async () => fireEvent.click(link))
  return link
}

describe('the focus after a navigation', () => {
  it('is left alone on the first load', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await settled()
    expect(document.activeElement).toBe(document.body)
  })

  it('goes to the new screen’s heading after a link on the old screen, so the next Tab starts at its top', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('Your watchlist')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Watchlist' })))
  })

  it('goes to the new screen’s heading after a menu link, which stays', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('Watchlist', 'nav')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Watchlist' })))
  })

  it('is made focusable only while it has the focus', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('Your watchlist')
    const heading = screen.getByRole('heading', { name: 'Watchlist' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(heading.getAttribute('tabindex')).toBe('-1')
    act(() => heading.blur())
    expect(heading.hasAttribute('tabindex')).toBe(false)
  })

  it('goes to <main> on a screen with no heading yet, and to the heading when it comes', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('A screen still loading')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Heat' })))
    expect(screen.getByRole('main').hasAttribute('tabindex')).toBe(false)
  })

  it('leaves the focus where the person moved it while the screen was loading', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('A screen still loading')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')))
    const menuLink = screen.getByRole('link', { name: 'Watchlist' })
    menuLink.focus()
    await screen.findByRole('heading', { name: 'Heat' })
    await settled()
    expect(document.activeElement).toBe(menuLink)
  })

  it('stays on the control when only the address’s search changes', async () => {
    const router = app()
    await screen.findByRole('heading', { name: 'Home' })
    const sort = await follow('Sort by title')
    await waitFor(() => expect(router.state.location.searchStr).toBe('?sort=title'))
    await settled()
    expect(document.activeElement).toBe(sort)
  })

  it('stays where the new screen put it (a field that takes it)', async () => {
    app()
    await screen.findByRole('heading', { name: 'Home' })
    await follow('Sign in')
    await screen.findByRole('heading', { name: 'Sign in' })
    await settled()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }))
  })

  it('stays in a field of the frame the person is typing in', async () => {
    const router = app()
    await screen.findByRole('heading', { name: 'Home' })
    const search = screen.getByRole('textbox', { name: 'Search' })
    search.focus()
    await act(async () => fireEvent.change(search, { target: { value: 'heat' } }))
    await screen.findByRole('heading', { name: 'Search' })
    expect(router.state.location.pathname).toBe('/search')
    await settled()
    expect(document.activeElement).toBe(search)
  })
})
