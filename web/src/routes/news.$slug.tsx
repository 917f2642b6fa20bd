import { createFileRoute } from '@tanstack/react-router'
import { NewsPostScreen } from '../components/blog/NewsPostScreen'

export const Route = createFileRoute('/news/$slug')({
  component: function News() {
    const { slug } = Route.useParams()
    return <NewsPostScreen slug={slug} />
  },
})
