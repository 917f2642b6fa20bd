import { createFileRoute } from '@tanstack/react-router'
import { MagicLinkScreen } from '../components/account/MagicLinkScreen'
import { magicLinkSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/magic-link')({
  validateSearch: magicLinkSearch,
  component: function MagicLink() {
    const { token, redirect } = Route.useSearch()
    return <MagicLinkScreen token={token} redirect={redirect} />
  },
})
