import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { NewsListScreen } from '../components/blog/NewsListScreen'

const newsSearch = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) })

export const Route = createFileRoute('/news/')({
  validateSearch: newsSearch,
  component: function News() {
    const { page } = Route.useSearch()
    return <NewsListScreen page={page ?? 1} />
  },
})
