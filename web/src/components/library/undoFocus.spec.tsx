import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { watchlistItem } from '../../features/library/testing'
import { removeToast } from '../../lib/toast'
import { Toaster } from '../shell/Toaster'
import { removeWithUndo } from './removeWithUndo'
import { WatchlistItemMenu } from './WatchlistItemMenu'

afterEach(() => {
  act(() => removeToast())
  cleanup()
})

const heat = watchlistItem(949, 0, { title: 'Heat' })
const ronin = watchlistItem(8195, 1, { title: 'Ronin' })

/** A watchlist of cards, each with its "More actions", whose removals go through the toast with its Undo. */
function Watchlist() {
  const [items, setItems] = useState<WatchlistItem[]>([heat, ronin])
  const changes = {
    remove: (removed: WatchlistItem) => {
      setItems((now) => now.filter((item) => item.id !== removed.id))
      return Promise.resolve(true)
    },
    // Drawn at once, as the app draws a change on its way, and still on its way.
    putBack: (back: WatchlistItem) => {
      setItems((now) => [back, ...now])
      return new Promise<boolean>(() => undefined)
    },
  }
  return (
    <>
      <button type="button">Search</button>
      {items.map((item) => (
        <article key={item.id} aria-label={item.title}>
          <WatchlistItemMenu
            item={item}
            actions={[{ label: 'Remove', icon: 'trash', onSelect: () => removeWithUndo(changes, item) }]}
          />
          <button type="button" onClick={() => removeWithUndo(changes, item)}>
            Remove {item.title}
          </button>
        </article>
      ))}
      <Toaster />
    </>
  )
}

async function removeHeatAndFocusUndo() {
  render(<Watchlist />)
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Heat' })))
  const undo = await screen.findByRole('button', { name: 'Undo' })
  undo.focus()
  return undo
}

describe('Undo on a watchlist removal', () => {
  it('gives the focus to the title’s "More actions" when its card is back, not to the emptied toasts', async () => {
    const undo = await removeHeatAndFocusUndo()
    await act(async () => fireEvent.click(undo))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Heat' }))
  })

  it('leaves the focus where it was when the Undo did not take it (a click in Safari)', async () => {
    const undo = await removeHeatAndFocusUndo()
    screen.getByRole('button', { name: 'Search' }).focus()
    await act(async () => fireEvent.click(undo))
    expect(screen.getByRole('button', { name: 'More actions for Heat' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }))
  })
})
