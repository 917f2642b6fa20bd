import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { RecommendationsScreen } from '../../components/recommendations/RecommendationsScreen'
import { MailedLinkQuestion } from '../../components/social/MailedLinkQuestion'
import {
  recommendationQuestionText,
  useRecommendationOnArrival,
} from '../../features/recommendations/useRecommendationOnArrival'

const search = z.object({
  box: z.enum(['received', 'sent']).catch('received').default('received'),
  // A recommendation mail's token, carried here by signing in from its link (useRecommendationOnArrival).
  token: z.string().max(2048).optional().catch(undefined),
})

export const Route = createFileRoute('/_authed/recommendations')({
  validateSearch: search,
  component: function Recommendations() {
    const { box, token } = Route.useSearch()
    const { question, take, leave } = useRecommendationOnArrival(token)
    return (
      <>
        <RecommendationsScreen box={box} />
        {question && (
          <MailedLinkQuestion
            asking="Add it to your recommendations"
            confirmLabel="Add it"
            onTake={take}
            onLeave={leave}
          >
            {recommendationQuestionText(question)}
          </MailedLinkQuestion>
        )}
      </>
    )
  },
})
