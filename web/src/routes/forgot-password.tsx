import { createFileRoute } from '@tanstack/react-router'
import { RecoveryScreen } from '../components/account/RecoveryScreen'

export const Route = createFileRoute('/forgot-password')({ component: () => <RecoveryScreen kind="password" /> })
