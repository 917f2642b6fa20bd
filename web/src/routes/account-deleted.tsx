import { createFileRoute } from '@tanstack/react-router'
import { AccountDeletedScreen } from '../components/account/AccountDeletedScreen'

export const Route = createFileRoute('/account-deleted')({
  component: AccountDeletedScreen,
})
