import { createFileRoute } from '@tanstack/react-router'
import { UserNotificationsScreen } from '../../components/notifications/UserNotificationsScreen'

export const Route = createFileRoute('/_admin/admin/user-notifications')({
  component: UserNotificationsScreen,
})
