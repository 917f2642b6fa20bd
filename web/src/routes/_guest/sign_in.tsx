import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '../../components/account/SignInScreen'
import { signInSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/_guest/sign_in')({
  validateSearch: signInSearch,
  component: function SignIn() {
    return <SignInScreen search={Route.useSearch()} />
  },
})
