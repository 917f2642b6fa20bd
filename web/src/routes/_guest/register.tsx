import { createFileRoute } from '@tanstack/react-router'
import { SignUpScreen } from '../../components/account/SignUpScreen'
import { signUpSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/_guest/register')({
  validateSearch: signUpSearch,
  component: function SignUp() {
    return <SignUpScreen search={Route.useSearch()} />
  },
})
