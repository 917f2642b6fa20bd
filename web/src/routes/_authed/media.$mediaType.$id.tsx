import { mediaParamsSchema } from '@reelmates/contracts/catalog'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { LibraryActions, libraryTitleOf, YourWatches } from '../../components/library'
import { MediaDetailsScreen } from '../../components/media/MediaDetailsScreen'
import { FriendsWhoWatched } from '../../components/social/FriendsWhoWatched'
import { RecommendButton } from '../../components/recommendations/RecommendButton'
import { RecommendedBy } from '../../components/recommendations/RecommendedBy'
import { catalogQueries, startLoading } from '../../features/catalog/queries'

export const Route = createFileRoute('/_authed/media/$mediaType/$id')({
  // The same rules as the API (movie or tv, a whole non-zero id): anything else is a not-found page.
  loader: ({ context: { queryClient }, params }) => {
    const title = mediaParamsSchema.safeParse(params)
    if (!title.success) throw notFound()
    startLoading(queryClient, catalogQueries.details(title.data.mediaType, title.data.id))
  },
  component: MediaRoute,
})

function MediaRoute() {
  const title = mediaParamsSchema.safeParse(Route.useParams())
  if (!title.success) return null
  const { mediaType, id } = title.data
  return (
    <MediaDetailsScreen
      key={`${mediaType}-${id}`}
      mediaType={mediaType}
      id={id}
      actions={(details) => {
        const title = libraryTitleOf(details, mediaType)
        return (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <LibraryActions title={title} />
              <RecommendButton title={title} />
            </div>
            <RecommendedBy title={title} />
          </>
        )
      }}
      friends={<FriendsWhoWatched title={{ mediaType, tmdbId: id }} />}
      yours={<YourWatches title={{ mediaType, tmdbId: id }} />}
    />
  )
}
