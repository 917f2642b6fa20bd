import { createFileRoute } from '@tanstack/react-router'
import { FeedScreen } from '../../components/feed/FeedScreen'

export const Route = createFileRoute('/_authed/feed')({ component: () => <FeedScreen /> })
