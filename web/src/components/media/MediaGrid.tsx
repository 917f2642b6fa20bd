import type { MediaResult } from '@reelmates/contracts/catalog'
import { LibraryMarksProvider } from '../../features/library/libraryMarks'
import { MediaTile } from './MediaTile'
import { gridClassName } from './layout'

/** A full list of titles as a responsive poster grid. */
export function MediaGrid({ results, label }: { results: readonly MediaResult[]; label: string }) {
  return (
    <LibraryMarksProvider>
      <ul className={gridClassName} aria-label={label}>
        {results.map((media, index) => (
          <li key={`${media.media_type}-${media.id}`}>
            <MediaTile media={media} priority={index < 6} />
          </li>
        ))}
      </ul>
    </LibraryMarksProvider>
  )
}
