import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../components/account/ResetPasswordScreen'
import { tokenSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/reset-password/')({
  validateSearch: tokenSearch,
  component: function ResetPassword() {
    return <ResetPasswordScreen token={Route.useSearch().token} />
  },
})
