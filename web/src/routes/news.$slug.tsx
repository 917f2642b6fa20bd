import { createFileRoute } from '@tanstack/react-router'
import { NewsScreen } from '../components/shell/NewsScreen'

export const Route = createFileRoute('/news/$slug')({
  component: function News() {
    const { slug } = Route.useParams()
    return <NewsScreen slug={slug} />
  },
})
