import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../components/account/ResetPasswordScreen'

export const Route = createFileRoute('/reset-password/$token')({
  component: function ResetPassword() {
    return <ResetPasswordScreen token={Route.useParams().token} />
  },
})
