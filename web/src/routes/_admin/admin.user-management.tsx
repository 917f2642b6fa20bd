import { createFileRoute } from '@tanstack/react-router'
import { UserManagementScreen } from '../../components/admin/UserManagementScreen'

export const Route = createFileRoute('/_admin/admin/user-management')({
  component: UserManagementScreen,
})
