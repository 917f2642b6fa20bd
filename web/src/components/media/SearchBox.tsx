import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { isAutocompleteQuery } from '../../features/catalog/catalogCalls'
import { catalogQueries } from '../../features/catalog/queries'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { SearchCombobox } from './SearchCombobox'

/** How long typing must pause before suggestions are asked for. */
const suggestDelayMs = 200

interface SearchBoxProps {
  initialQuery?: string
  /** Called as the text changes, e.g. to keep the search page's address in step. */
  onSearch?: (query: string) => void
  autoFocus?: boolean
  size?: 'compact' | 'large'
}

/** The search field with debounced autocomplete: a suggestion opens the title, Enter searches. */
export function SearchBox({ initialQuery = '', onSearch, autoFocus, size }: SearchBoxProps) {
  const navigate = useNavigate()
  const [query, setQuery] = useState(initialQuery)
  const settled = useDebouncedValue(query, suggestDelayMs)
  const canSuggest = isAutocompleteQuery(settled) && isAutocompleteQuery(query)
  const suggestions = useQuery({ ...catalogQueries.suggestions(settled), enabled: canSuggest })

  return (
    <SearchCombobox
      query={query}
      onQueryChange={setQuery}
      suggestions={canSuggest ? (suggestions.data ?? []) : []}
      isSuggesting={query !== settled || suggestions.isFetching}
      canSuggest={canSuggest}
      autoFocus={autoFocus}
      size={size}
      onChoose={(media) =>
        void navigate({ to: '/media/$mediaType/$id', params: { mediaType: media.media_type, id: String(media.id) } })
      }
      onSubmit={(text) => {
        if (onSearch) onSearch(text)
        else void navigate({ to: '/search', search: { q: text } })
      }}
    />
  )
}
