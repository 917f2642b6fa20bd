import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/blog/posts/')({
  component: () => (
    <AdminScreen title="Blog posts" emptyText="No posts yet. Drafts and published posts will be listed here." />
  ),
})
