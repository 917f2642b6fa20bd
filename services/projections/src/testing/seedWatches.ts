import { TitleWatched } from '@reelmates/contracts/watched'
import { activities } from '../activities/activities'
import type { ProjectorDb } from '../projector'
import { seedEvent } from './seedEvent'

/**
 * Records public watches of Dune straight into the `activities` read model (`watched:<entryId>`), for
 * specs of queries that show something only while its activity exists (the bell's comment and
 * reaction lines).
 */
export async function seedWatches(db: ProjectorDb, owners: Record<string, string>): Promise<void> {
  await activities.setup?.(db)
  let position = 0
  for (const [entryId, userId] of Object.entries(owners)) {
    const watchedAt = '2026-01-01T00:00:00.000Z'
    const watched = TitleWatched({
      entryId,
      userId,
      tmdbId: 438631,
      mediaType: 'movie',
      watchedAt,
      watchedOn: null,
      rating: null,
      recommend: null,
      review: null,
      containsSpoilers: false,
      streamingService: null,
      isPrivate: false,
      media: { title: 'Dune', posterPath: null, releaseDate: '2021-09-15', voteAverage: 7.8 },
      genreIds: [],
    })
    await seedEvent(activities, db, watched, {
      id: `seed-watch-${entryId}`,
      streamId: `watched-${userId}`,
      revision: (position += 1) - 1,
      position,
      at: watchedAt,
    })
  }
}
