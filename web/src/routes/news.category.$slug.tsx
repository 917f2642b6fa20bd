import { createFileRoute } from '@tanstack/react-router'
import { NewsScreen } from '../components/shell/NewsScreen'

export const Route = createFileRoute('/news/category/$slug')({
  component: function News() {
    const { slug } = Route.useParams()
    return <NewsScreen category={slug} />
  },
})
