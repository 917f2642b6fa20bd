import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '../../components/account/SignInScreen'
import { signInSearch } from '../../features/account/accountSearch'

export const Route = createFileRoute('/_guest/sign_in')({
  validateSearch: signInSearch,
  component: function SignIn() {
    return <SignInScreen search={Route.useSearch()} />
  },
})
