import { createFileRoute } from '@tanstack/react-router'
import { RecoveryScreen } from '../components/account/RecoveryScreen'
import { useFollowSignInElsewhere } from '../features/account/signInElsewhere'
import { sendSignedInUserHome } from '../features/account/signedInGoHome'

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: ({ context }) => sendSignedInUserHome(context.queryClient),
  component: function ForgotPassword() {
    useFollowSignInElsewhere('/home')
    return <RecoveryScreen kind="password" />
  },
})
