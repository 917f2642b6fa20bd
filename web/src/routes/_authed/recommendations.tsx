import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { RecommendationLinkQuestion } from '../../components/recommendations/RecommendationLinkQuestion'
import { RecommendationsScreen } from '../../components/recommendations/RecommendationsScreen'
import { useRecommendationOnArrival } from '../../features/recommendations/useRecommendationOnArrival'

const search = z.object({
  box: z.enum(['received', 'sent']).catch('received').default('received'),
  // A recommendation mail's token, carried here by signing in from its link (useRecommendationOnArrival).
  token: z.string().max(2048).optional().catch(undefined),
})

export const Route = createFileRoute('/_authed/recommendations')({
  validateSearch: search,
  component: function Recommendations() {
    const { box, token } = Route.useSearch()
    const arrival = useRecommendationOnArrival(token)
    return (
      <>
        <RecommendationsScreen box={box} />
        {arrival.question && (
          <RecommendationLinkQuestion question={arrival.question} onTake={arrival.take} onLeave={arrival.leave} />
        )}
      </>
    )
  },
})
