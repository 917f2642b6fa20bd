import { imageUrl, searchQueryMaxLength, type MediaResult } from '@reelmates/contracts/catalog'
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { titleOf, yearOf } from '../../features/catalog/catalogCalls'
import placeholderPoster from './placeholder-poster.svg'

export interface SearchComboboxProps {
  query: string
  onQueryChange: (query: string) => void
  suggestions: readonly MediaResult[]
  /** True while suggestions for the current text are on their way. */
  isSuggesting: boolean
  /** Whether the text is long enough to have suggestions at all. */
  canSuggest: boolean
  onChoose: (media: MediaResult) => void
  /** A word about a suggestion, after its year and kind ("On your watchlist, #12"); none when null. */
  noteOf?: (media: MediaResult) => string | null
  onSubmit: (query: string) => void
  label?: string
  placeholder?: string
  autoFocus?: boolean
  size?: 'compact' | 'large'
}

/**
 * The search field with its suggestion list, following the ARIA combobox pattern: focus stays in the
 * field, ↓/↑ move through suggestions (announced through aria-activedescendant), Enter opens the
 * highlighted title or searches for the text, Escape closes the list and then clears the text.
 */
const panel =
  'absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-zinc-700 bg-panel/95 shadow-2xl shadow-black/60 backdrop-blur'

/**
 * The height a panel starting where `element` starts can take before the bottom of what is visible:
 * the visual viewport (less the on-screen keyboard), or the top of the app's bottom bar where it shows.
 * Never less than about three suggestions, nor more than 70 % of the screen.
 */
function roomBelow(element: HTMLElement): number {
  const top = element.getBoundingClientRect().top
  const view = window.visualViewport
  let bottom = view ? view.offsetTop + view.height : window.innerHeight
  const bar = document.querySelector<HTMLElement>('[data-bottom-bar]')?.getBoundingClientRect()
  if (bar && bar.height > 0) bottom = Math.min(bottom, bar.top)
  return Math.round(Math.max(180, Math.min(window.innerHeight * 0.7, bottom - top - 8)))
}

export function SearchCombobox({
  query,
  onQueryChange,
  suggestions,
  isSuggesting,
  canSuggest,
  onChoose,
  onSubmit,
  noteOf = () => null,
  label = 'Search movies and TV shows',
  placeholder = 'Search movies and TV shows',
  autoFocus = false,
  size = 'compact',
}: SearchComboboxProps) {
  const id = useId()
  const listId = `${id}-suggestions`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const showList = open && canSuggest && suggestions.length > 0
  const showNoMatch = open && canSuggest && !isSuggesting && suggestions.length === 0
  const optionId = (index: number) => `${id}-option-${index}`
  const list = useRef<HTMLUListElement>(null)
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined)

  // The list ends above what covers the bottom of the screen (the tab bar on a phone, the on-screen
  // keyboard), so its last suggestions can be seen and reached.
  useLayoutEffect(() => {
    const element = list.current
    if (!showList || !element) return
    const fit = () => setMaxHeight(roomBelow(element))
    fit()
    window.addEventListener('resize', fit)
    window.visualViewport?.addEventListener('resize', fit)
    return () => {
      window.removeEventListener('resize', fit)
      window.visualViewport?.removeEventListener('resize', fit)
    }
  }, [showList])

  // The highlighted suggestion is scrolled into the list's view as the arrows move through it.
  useEffect(() => {
    if (!showList || active < 0) return
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [id, showList, active])

  const move = (step: 1 | -1) => {
    if (suggestions.length === 0) return
    setOpen(true)
    setActive((current) => {
      if (!showList) return step === 1 ? 0 : suggestions.length - 1
      const next = current + step
      // Past either end, the highlight returns to the field (-1) so typing can carry on.
      return next >= suggestions.length || next < -1 ? -1 : next
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        move(1)
        break
      case 'ArrowUp':
        event.preventDefault()
        move(-1)
        break
      case 'Enter': {
        event.preventDefault()
        const chosen = showList && active >= 0 ? suggestions[active] : undefined
        setOpen(false)
        if (chosen) onChoose(chosen)
        else if (query.trim()) onSubmit(query.trim())
        break
      }
      case 'Escape':
        if (showList || showNoMatch) {
          event.preventDefault()
          setOpen(false)
          setActive(-1)
        } else if (query) {
          event.preventDefault()
          onQueryChange('')
        }
        break
    }
  }

  const large = size === 'large'
  return (
    <div className="relative w-full">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          if (query.trim()) onSubmit(query.trim())
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {label}
        </label>
        <div className="relative">
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className={`pointer-events-none absolute top-1/2 -translate-y-1/2 fill-zinc-400 ${large ? 'left-4 h-5 w-5' : 'left-3 h-4 w-4'}`}
          >
            <path d="M8.5 2a6.5 6.5 0 015.2 10.4l4 4-1.4 1.4-4-4A6.5 6.5 0 118.5 2zm0 2a4.5 4.5 0 100 9 4.5 4.5 0 000-9z" />
          </svg>
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            // A search page opens on its field: that is the point of going there.
            autoFocus={autoFocus}
            placeholder={placeholder}
            maxLength={searchQueryMaxLength}
            value={query}
            onChange={(event) => {
              onQueryChange(event.target.value)
              setOpen(true)
              setActive(-1)
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            className={`w-full rounded-full border border-white/10 bg-panel text-zinc-100 placeholder:text-zinc-400 focus:border-reel [&::-webkit-search-cancel-button]:hidden ${
              large ? 'py-3.5 pl-12 pr-4 text-base' : 'py-2 pl-9 pr-3 text-sm'
            }`}
          />
        </div>
      </form>
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        style={maxHeight === undefined ? undefined : { maxHeight }}
        className={`${panel} p-1.5`}
      >
        {suggestions.map((media, index) => (
          <li
            key={`${media.media_type}-${media.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the field so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => {
              setOpen(false)
              onChoose(media)
            }}
            className={`flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 ${index === active ? 'bg-zinc-700/80' : ''}`}
          >
            <img
              src={imageUrl(media.poster_path) ?? placeholderPoster}
              alt=""
              width={32}
              height={48}
              loading="lazy"
              onError={(event) => {
                // A poster that cannot load gives way to the placeholder.
                if (event.currentTarget.src !== placeholderPoster) event.currentTarget.src = placeholderPoster
              }}
              className="h-12 w-8 shrink-0 rounded-md bg-panel-2 object-cover"
            />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-zinc-100">{titleOf(media)}</span>
              <span className="block text-xs text-zinc-400">
                {[yearOf(media), media.media_type === 'tv' ? 'TV' : 'Film', noteOf(media)].filter(Boolean).join(' · ')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {showNoMatch ? (
        <p className={`${panel} px-4 py-3 text-sm text-zinc-400`}>No titles match “{query.trim()}”.</p>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {showList
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}`
          : showNoMatch
            ? 'No suggestions'
            : ''}
      </p>
    </div>
  )
}
