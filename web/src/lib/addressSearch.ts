import { defaultParseSearch, stringifySearchWith } from '@tanstack/react-router'

/**
 * How search params are written to and read from the address. Reading is the router's default: each
 * value is read as JSON where it is JSON, so `?page=2` is the number 2 and an address written before
 * this change (`?q=%221984%22`) still reads as the text "1984".
 */
export const parseSearch = defaultParseSearch

/**
 * The router's default quotes any text that would read back as something else, so a search for 1984
 * went into the address as `?q=%221984%22`. A text that reads back as the very same number is written
 * as typed instead: every text param's schema takes a number as its text (`searchParams.ts`,
 * `accountPages.ts`, `librarySearch.ts`, `historyFilter.ts`), so `?q=1984` still reads as "1984".
 * Any other text JSON would change — `true`, `null`, `1e3`, `"quoted"` — stays quoted, so it reads
 * back exactly as it was.
 */
function readsBackChanged(text: string): unknown {
  const value: unknown = JSON.parse(text)
  // `stringifySearchWith` writes a text as it is when its parser throws.
  if (typeof value === 'number' && String(value) === text) throw new Error('reads back as its own text')
  return value
}

export const stringifySearch = stringifySearchWith(JSON.stringify, readsBackChanged)
