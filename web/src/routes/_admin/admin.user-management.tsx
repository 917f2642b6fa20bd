import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/user-management')({
  component: () => (
    <AdminScreen title="User management" emptyText="The user list, roles and account actions will appear here." />
  ),
})
