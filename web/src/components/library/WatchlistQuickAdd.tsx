import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { SearchCombobox } from '../media/SearchCombobox'
import { isAutocompleteQuery } from '../../features/catalog/catalogCalls'
import { catalogQueries } from '../../features/catalog/queries'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { useAddToWatchlist } from '../../features/library/useLibraryChanges'
import { libraryTitleOf } from './libraryTitle'

/** "Add a title" right on the watchlist: the search field, where choosing a title adds it. */
export function WatchlistQuickAdd() {
  const addToWatchlist = useAddToWatchlist()
  const [query, setQuery] = useState('')
  const settled = useDebouncedValue(query, 200)
  const canSuggest = isAutocompleteQuery(settled)
  const suggestions = useQuery({ ...catalogQueries.suggestions(settled), enabled: canSuggest })
  const add = (media: MediaResult) => {
    void addToWatchlist(libraryTitleOf(media))
    setQuery('')
  }
  return (
    <div className="w-full sm:max-w-sm">
      <SearchCombobox
        query={query}
        onQueryChange={setQuery}
        suggestions={canSuggest ? (suggestions.data ?? []) : []}
        isSuggesting={query !== settled || suggestions.isFetching}
        canSuggest={isAutocompleteQuery(query)}
        onChoose={add}
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
