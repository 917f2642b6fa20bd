import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/user-notifications')({
  component: () => (
    <AdminScreen
      title="User notifications"
      emptyText="No notifications sent yet. Announcements to users will be composed and listed here."
    />
  ),
})
