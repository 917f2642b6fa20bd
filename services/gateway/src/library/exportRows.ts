import {
  watchedExportRow,
  watchlistExportRow,
  type WatchedExportRow,
  type WatchlistExportRow,
} from '@reelmates/contracts/memberExport'
import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'

/** The columns of each export, in the order of its row schema (the CSV header and the JSON keys). */
export const watchlistColumns = watchlistExportRow.keyof().options
export const watchedColumns = watchedExportRow.keyof().options

/** The watchlist as its exports give it (the list export and "Download all my data"): the schema keeps only its columns. */
export const watchlistRows = (items: readonly WatchlistItem[]): WatchlistExportRow[] =>
  items.map((item, index) =>
    watchlistExportRow.parse({ ...item, position: index + 1, recommendedBy: item.recommendedBy?.username ?? null }),
  )

export const watchedRows = (items: readonly WatchedItem[]): WatchedExportRow[] =>
  items.map((item) => watchedExportRow.parse({ ...item, stars: starsOf(item.rating) }))

/**
 * A rating as the member gave it: stars from ½ to 5. The log keeps 1 to 10 (half stars), which read
 * in a file as a score out of 10: a 5-star film would show as "10".
 */
const starsOf = (rating: number | null) => (rating === null ? null : rating / 2)
