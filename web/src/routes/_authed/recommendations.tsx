import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { RecommendationsScreen } from '../../components/recommendations/RecommendationsScreen'

const search = z.object({ box: z.enum(['received', 'sent']).catch('received').default('received') })

export const Route = createFileRoute('/_authed/recommendations')({
  validateSearch: search,
  component: function Recommendations() {
    return <RecommendationsScreen box={Route.useSearch().box} />
  },
})
