import { createFileRoute } from '@tanstack/react-router'
import { BlogPostEditorScreen } from '../../components/admin/BlogPostEditor'

export const Route = createFileRoute('/_admin/admin/blog/posts/$id')({
  component: function BlogPost() {
    const { id } = Route.useParams()
    return <BlogPostEditorScreen id={id} />
  },
})
