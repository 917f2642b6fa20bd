import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/')({
  component: () => (
    <AdminScreen
      title="Admin"
      emptyText="Choose an area on the left: email campaigns, blog posts, user notifications, user management, the catalog cache and digest tests."
    />
  ),
})
