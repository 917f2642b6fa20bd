import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/blog/posts/$id')({
  component: function BlogPost() {
    const { id } = Route.useParams()
    return (
      <AdminScreen
        title={`Blog post ${id}`}
        emptyText="The post editor (title, slug, excerpt, content, categories, publishing) will appear here."
      />
    )
  },
})
