import { cardWidth, gridClassName } from './layout'

/** Grey shapes where posters will be, so the page does not jump when they arrive. */
function PosterSkeleton({ still = false }: { still?: boolean }) {
  const pulse = still ? '' : 'animate-pulse'
  return (
    <div>
      <div className={`aspect-[2/3] w-full rounded-xl bg-panel-2 ${pulse}`} />
      <div className={`mt-2 h-3.5 w-4/5 rounded bg-panel-2 ${pulse}`} />
      <div className={`mt-1.5 h-3 w-2/5 rounded bg-panel-2/70 ${pulse}`} />
    </div>
  )
}

/** A card of a row not drawn yet (see `MediaRow`): still, unlike a skeleton, since nothing is loading. */
export function PosterStandIn() {
  return <div aria-hidden="true" className="aspect-[2/3] w-full rounded-xl bg-panel-2" />
}

/**
 * A row's shapes, the same size as its cards so that nothing jumps when they come: pulsing while its
 * list loads, `still` when the list is there and only the drawing waits (a row not yet scrolled near,
 * see `MediaRow`). Nothing is loading then, and a pulse left running far down the page kept the
 * compositor working, and a phone's battery draining, for as long as home stayed open.
 */
export function PosterRowSkeleton({ still = false }: { still?: boolean }) {
  return (
    <div className="-mx-4 flex gap-3 overflow-hidden px-4 pb-2 sm:gap-4 md:-mx-8 md:px-8" aria-hidden="true">
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className={cardWidth}>
          <PosterSkeleton still={still} />
        </div>
      ))}
    </div>
  )
}

export function PosterGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div className={gridClassName} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <PosterSkeleton key={index} />
      ))}
    </div>
  )
}

export function MediaDetailsSkeleton() {
  return (
    <div className="pt-2 sm:pt-8" aria-hidden="true">
      <div className="flex flex-col gap-6 md:flex-row">
        <div className="mx-auto w-48 shrink-0 md:mx-0 md:w-72">
          <div className="aspect-[2/3] w-full animate-pulse rounded-2xl bg-panel-2" />
        </div>
        <div className="flex-1 space-y-4">
          <div className="h-9 w-3/4 animate-pulse rounded bg-panel-2" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-panel-2/70" />
          <div className="space-y-2 pt-4">
            {[100, 95, 90, 60].map((width) => (
              <div key={width} className="h-3.5 animate-pulse rounded bg-panel-2/70" style={{ width: `${width}%` }} />
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}
