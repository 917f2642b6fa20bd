import { createFileRoute } from '@tanstack/react-router'
import { RecoveryScreen } from '../components/account/RecoveryScreen'
import { sendSignedInUserHome } from '../features/account/signedInGoHome'

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: ({ context }) => sendSignedInUserHome(context.queryClient),
  component: () => <RecoveryScreen kind="password" />,
})
