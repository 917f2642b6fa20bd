import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { lovedByFriendsQuery, lovedNoteKey, lovedRowOf } from '../../features/feed/lovedByFriends'
import { useWatchedTitles } from '../../features/library/useLibrary'
import { MediaRow } from './MediaRow'

const heading = 'Loved by your friends'

/**
 * Titles my friends recently watched and liked that I have not, each saying who liked it. Nothing at
 * all until it has titles (loading, failed, no friends, nothing liked): home is then as it was.
 */
export function LovedByFriendsRow() {
  const { data } = useQuery(lovedByFriendsQuery())
  const watched = useWatchedTitles()
  const row = useMemo(() => (data ? lovedRowOf(data.titles, watched) : undefined), [data, watched])
  const noteOf = useCallback((media: MediaResult) => row?.notes.get(lovedNoteKey(media)), [row])
  if (!row || row.results.length === 0) return null
  return <MediaRow heading={heading} label={heading} results={row.results} isLoading={false} noteOf={noteOf} />
}
