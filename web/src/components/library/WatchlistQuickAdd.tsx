import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { SearchCombobox } from '../media/SearchCombobox'
import { isAutocompleteQuery, titleOf } from '../../features/catalog/catalogCalls'
import { catalogQueries } from '../../features/catalog/queries'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { useWatchlist } from '../../features/library/useLibrary'
import { useAddToWatchlist } from '../../features/library/useLibraryChanges'
import { toast } from '../../lib/toast'
import { libraryTitleOf } from './libraryTitle'

/**
 * "Add a title" right on the watchlist: the search field, where choosing a title adds it. A title
 * already on the list says so, with its place, and choosing it adds nothing again.
 */
export function WatchlistQuickAdd() {
  const addToWatchlist = useAddToWatchlist()
  const { items } = useWatchlist()
  const [query, setQuery] = useState('')
  const settled = useDebouncedValue(query, 200)
  const canSuggest = isAutocompleteQuery(settled)
  const suggestions = useQuery({ ...catalogQueries.suggestions(settled), enabled: canSuggest })
  const placeOf = (media: MediaResult) => {
    const index = (items ?? []).findIndex((item) => item.tmdbId === media.id && item.mediaType === media.media_type)
    return index === -1 ? null : index + 1
  }
  const add = (media: MediaResult) => {
    const place = placeOf(media)
    if (place === null) void addToWatchlist(libraryTitleOf(media))
    else toast({ title: `${titleOf(media)} is already on your watchlist`, description: `It's #${place}.` })
    setQuery('')
  }
  return (
    <div className="w-full sm:max-w-sm print:hidden">
      <SearchCombobox
        query={query}
        onQueryChange={setQuery}
        suggestions={canSuggest ? (suggestions.data ?? []) : []}
        isSuggesting={query !== settled || suggestions.isFetching}
        canSuggest={isAutocompleteQuery(query)}
        onChoose={add}
        noteOf={(media) => {
          const place = placeOf(media)
          return place === null ? null : `On your watchlist, #${place}`
        }}
        onSubmit={(text) => {
          const first = suggestions.data?.[0]
          if (first && text === settled.trim()) add(first)
        }}
        label="Add a title to your watchlist"
        placeholder="Add a title…"
      />
    </div>
  )
}
