import { createFileRoute } from '@tanstack/react-router'
import { ProfileScreen } from '../../components/account/ProfileScreen'

export const Route = createFileRoute('/_authed/profile')({
  component: function Profile() {
    const { user } = Route.useRouteContext()
    return <ProfileScreen user={user} />
  },
})
