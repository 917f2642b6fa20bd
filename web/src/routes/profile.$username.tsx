import { createFileRoute } from '@tanstack/react-router'
import { PublicProfileScreen } from '../components/social/PublicProfileScreen'

export const Route = createFileRoute('/profile/$username')({
  component: function PublicProfile() {
    const { username } = Route.useParams()
    return <PublicProfileScreen username={username} />
  },
})
