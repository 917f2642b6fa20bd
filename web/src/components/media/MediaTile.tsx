import type { MediaResult } from '@reelmates/contracts/catalog'
import { memo } from 'react'
// Direct imports, not the library barrel: title cards must not pull the watchlist screen into every page.
import { TitleCardActions } from '../library/TitleCardActions'
import { libraryTitleOf } from '../library/libraryTitle'
import { WatchedMark } from '../library/WatchedMark'
import { MediaCard } from './MediaCard'

/**
 * A title card in a row or a grid, with the library's watchlist and "mark watched" buttons over
 * its poster (beside the card's link, never inside it), and my watched mark (with my rating) on it.
 */
// Memoised: a row re-renders whenever its list query changes state (fetching, refetched), and the
// list's results keep their identity through that (React Query shares unchanged data), so the
// tiles, each with its hooks and buttons, are left alone.
export const MediaTile = memo(function MediaTile({
  media,
  priority = false,
  note,
}: {
  media: MediaResult
  priority?: boolean
  /** A line under the title, e.g. which friends loved it. */
  note?: string | undefined
}) {
  return (
    // A container: the buttons over the poster take its width, not the screen's (see TitleCardActions).
    <div className="@container relative">
      <MediaCard
        media={media}
        priority={priority}
        note={note}
        mark={<WatchedMark title={{ tmdbId: media.id, mediaType: media.media_type }} />}
      />
      <TitleCardActions title={libraryTitleOf(media)} className="absolute right-2 top-2" />
    </div>
  )
})
