import { createFileRoute } from '@tanstack/react-router'
import { BlogPostsScreen } from '../../components/admin/BlogPostsScreen'

export const Route = createFileRoute('/_admin/admin/blog/posts/')({
  component: BlogPostsScreen,
})
