import { createFileRoute } from '@tanstack/react-router'
import { UnsubscribedScreen } from '../components/account/UnsubscribedScreen'
import { unsubscribedSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/unsubscribed')({
  validateSearch: unsubscribedSearch,
  component: function Unsubscribed() {
    return <UnsubscribedScreen flags={Route.useSearch()} />
  },
})
