import type { NewActivity } from '../../features/feed/newActivity'

/** "Show 3 new activities", "Show 1 new activity", "Show 20+ new activities". */
export const newActivityLabel = ({ count, more }: NewActivity): string =>
  `Show ${count}${more ? '+' : ''} new ${count === 1 && !more ? 'activity' : 'activities'}`

/**
 * Newer activity waiting above a long list, as Twitter's "Show N posts": it floats over the top of the
 * list, sticky under the top bar, and takes no room of its own, so nothing being read moves when it
 * comes (or goes). A polite status, so a screen reader says it once it is there, without interrupting.
 */
export function NewActivityButton({ fresh, onShow }: { fresh: NewActivity; onShow: () => void }) {
  return (
    <div
      role="status"
      className="pointer-events-none sticky top-[calc(3.5rem+env(safe-area-inset-top)+0.5rem)] z-20 flex h-0 justify-center md:top-4"
    >
      {fresh.count > 0 ? (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-reel-fill px-4 text-sm font-semibold text-white shadow-lg shadow-black/40 hover:bg-reel-strong"
        >
          <span aria-hidden="true">↑</span>
          {newActivityLabel(fresh)}
        </button>
      ) : null}
    </div>
  )
}
