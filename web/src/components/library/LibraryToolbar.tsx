import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useId, type ReactNode } from 'react'
import type { MediaType } from '@reelmates/contracts/media'
import { exportUrl } from '../../features/library/libraryCalls'
import { Icon } from './icons'

/**
 * The arrangement controls above a library list. On a phone they wrap, two to a row, and stretch
 * to fill it (labels are read, not shown), rather than scroll sideways: a scroller hid the last
 * filters past the screen's edge with nothing to say they were there.
 */
export function LibraryFilters({ children }: { children: ReactNode }) {
  // `relative`: the visually hidden labels are positioned; it keeps them inside this row.
  return (
    <div className="relative flex min-w-0 flex-wrap items-end gap-2 sm:gap-x-3 sm:gap-y-3 print:hidden">{children}</div>
  )
}

/** View and export, beside the screen's title. */
export function LibraryViewActions({
  view,
  onView,
  list,
}: {
  view: 'grid' | 'list'
  onView: (view: 'grid' | 'list') => void
  list: 'watchlist' | 'watched'
}) {
  return (
    <div className="flex items-center gap-2 print:hidden">
      <ViewToggle view={view} onView={onView} />
      <ExportMenu list={list} />
    </div>
  )
}

// On a phone a filter starts at 9rem and grows to fill its row, so two share a row; from `sm` each
// takes its natural width.
const phoneCell = 'flex min-w-0 flex-1 basis-36 flex-col gap-1 sm:flex-none sm:basis-auto'
// A select can shrink and cut its words; a segmented control would break them instead ("Fil / ms"
// beside "All" and "TV" in 9rem). So it is never narrower than its words, and takes a row of its own
// rather than squeeze.
const phoneCellOfWords = 'flex flex-1 basis-36 flex-col gap-1 sm:flex-none sm:basis-auto'

const selectClass =
  'h-10 rounded-full border border-white/10 bg-panel pl-3.5 pr-8 text-sm text-zinc-100 focus:border-amber-400 focus:outline-none focus:ring-2 focus:ring-amber-400/40'

export function SelectFilter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly (readonly [T, string])[]
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <div className={phoneCell}>
      <label
        htmlFor={id}
        className="sr-only text-[11px] font-semibold uppercase tracking-wider text-zinc-400 sm:not-sr-only"
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={`w-full sm:w-auto ${selectClass}`}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

export function DirectionToggle({
  direction,
  onChange,
}: {
  direction: 'asc' | 'desc'
  onChange: (direction: 'asc' | 'desc') => void
}) {
  return (
    <button
      type="button"
      onClick={() => onChange(direction === 'asc' ? 'desc' : 'asc')}
      aria-label={direction === 'asc' ? 'Ascending; switch to descending' : 'Descending; switch to ascending'}
      title={direction === 'asc' ? 'Ascending' : 'Descending'}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-white/10 bg-panel text-zinc-300 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
    >
      <Icon name={direction === 'asc' ? 'up' : 'down'} />
    </button>
  )
}

/** All / Films / TV as a segmented control (a radio group, so arrows move between them). */
export function MediaTypeFilter({
  value,
  onChange,
}: {
  value: MediaType | undefined
  onChange: (value: MediaType | undefined) => void
}) {
  const name = useId()
  const options = [
    [undefined, 'All'],
    ['movie', 'Films'],
    ['tv', 'TV'],
  ] as const
  return (
    // A labelled radiogroup rather than fieldset/legend: a legend will not line up with the other labels.
    <div className={phoneCellOfWords}>
      <span
        id={`${name}-label`}
        className="sr-only text-[11px] font-semibold uppercase tracking-wider text-zinc-400 sm:not-sr-only"
      >
        Type
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-label`}
        className="flex h-10 rounded-full border border-white/10 bg-panel p-1"
      >
        {options.map(([option, text]) => (
          <label
            key={text}
            className="flex flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-full px-3 text-sm sm:flex-none sm:px-3.5 text-zinc-400 transition has-[:checked]:bg-white/10 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-400"
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {text}
          </label>
        ))}
      </div>
    </div>
  )
}

export function ViewToggle({ view, onView }: { view: 'grid' | 'list'; onView: (view: 'grid' | 'list') => void }) {
  return (
    <div role="group" aria-label="View" className="flex h-10 rounded-full border border-white/10 bg-panel p-1">
      {(['grid', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          aria-label={option === 'grid' ? 'Grid view' : 'List view'}
          title={option === 'grid' ? 'Grid view' : 'List view'}
          onClick={() => onView(option)}
          className={`inline-flex w-9 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-amber-400 ${view === option ? 'bg-white/10 text-white' : 'text-zinc-500 hover:text-zinc-200'}`}
        >
          <Icon name={option} className="h-[18px] w-[18px]" />
        </button>
      ))}
    </div>
  )
}

/**
 * Your data is yours: the whole list as CSV (spreadsheets) or JSON. A menu of two links (Radix, not
 * modal, as the watchlist's "More actions": arrow keys, Escape and a click outside close it).
 */
export function ExportMenu({ list }: { list: 'watchlist' | 'watched' }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex h-10 items-center gap-2 rounded-full border border-white/10 bg-panel px-3.5 text-sm text-zinc-300 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400 data-[state=open]:text-white">
        <Icon name="download" className="h-[18px] w-[18px]" />
        Export
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-48 overflow-hidden rounded-xl border border-white/10 bg-panel py-1 shadow-2xl shadow-black/60"
        >
          {(['csv', 'json'] as const).map((format) => (
            <DropdownMenu.Item key={format} asChild>
              <a
                href={exportUrl(list, format)}
                download
                className="block px-4 py-2.5 text-sm text-zinc-200 outline-none hover:bg-white/5 data-[highlighted]:bg-white/5"
              >
                Download {format.toUpperCase()}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
