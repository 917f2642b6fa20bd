import type { MediaResult } from '@reelmates/contracts/catalog'
import type { LovedByFriendsAnswer, LovedTitle } from '@reelmates/contracts/lovedByFriends'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { queryOptions } from '@tanstack/react-query'
import { requests } from '../../lib/api'
import { watchedTitleKey } from '../library/watchedTitles'

/** Home's "Loved by your friends" (docs/feed.md): titles my friends watched and liked that I have not. */
export const lovedByFriendsQuery = () =>
  queryOptions({
    queryKey: ['home', 'friends-loved'] as const,
    queryFn: () => requests.get<LovedByFriendsAnswer>('/api/home/friends-loved'),
  })

/** "Loved by ann, bob +2": the friends the answer names, then how many more there are. */
export function lovedByLine({ friends, friendCount }: Pick<LovedTitle, 'friends' | 'friendCount'>): string {
  const more = friendCount - friends.length
  return `Loved by ${friends.map((friend) => friend.username).join(', ')}${more > 0 ? ` +${more}` : ''}`
}

/**
 * The row's titles with what to say under each, less the ones I have watched meanwhile: a watch I
 * log from the row (or anywhere) takes its title out at once, before the row is asked again.
 */
export function lovedRowOf(
  titles: readonly LovedTitle[],
  watched: ReadonlyMap<string, WatchedTitle> | undefined,
): { results: MediaResult[]; notes: Map<string, string> } {
  const shown = titles.filter(
    (title) => !watched?.has(watchedTitleKey({ tmdbId: title.media.id, mediaType: title.media.media_type })),
  )
  return {
    results: shown.map((title) => title.media),
    notes: new Map(shown.map((title) => [lovedNoteKey(title.media), lovedByLine(title)])),
  }
}

export const lovedNoteKey = (media: Pick<MediaResult, 'id' | 'media_type'>) => `${media.media_type}:${media.id}`
