import { homeSearch } from '@reelmates/contracts/accountPages'
import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../components/media/HomeScreen'
import { MailedLinkQuestion } from '../../components/social/MailedLinkQuestion'
import { providerDefaults } from '../../features/catalog/cachePolicy'
import { homeProviders } from '../../features/catalog/providers'
import { catalogQueries, startLoading } from '../../features/catalog/queries'
import { useInvitationOnArrival } from '../../features/friends/useInvitationOnArrival'

export const Route = createFileRoute('/_authed/home')({
  validateSearch: homeSearch,
  // Start every row's request at once, without holding the page: each row shows its skeleton until it lands.
  loader: ({ context: { queryClient } }) => {
    startLoading(queryClient, catalogQueries.trendingList('trendingMovies'))
    startLoading(queryClient, catalogQueries.trendingList('trendingTv'))
    startLoading(queryClient, catalogQueries.trendingList('upcomingMovies'))
    for (const provider of homeProviders) {
      startLoading(queryClient, catalogQueries.providerTrending({ providerId: provider.id, ...providerDefaults }))
    }
  },
  component: function Home() {
    const { question, take, leave } = useInvitationOnArrival(Route.useSearch())
    return (
      <>
        <HomeScreen />
        {question && (
          <MailedLinkQuestion
            asking={`Accept ${question.inviter}'s invitation`}
            confirmLabel="Accept"
            onTake={take}
            onLeave={leave}
          >
            {question.inviter} sent this invitation to {question.sentTo ?? 'another address'}. Accepting it makes you
            friends.
          </MailedLinkQuestion>
        )}
      </>
    )
  },
})
