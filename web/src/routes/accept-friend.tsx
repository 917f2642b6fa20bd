import { createFileRoute } from '@tanstack/react-router'
import { AcceptFriendScreen } from '../components/account/AcceptFriendScreen'
import { tokenSearch } from '@reelmates/contracts/accountPages'

export const Route = createFileRoute('/accept-friend')({
  validateSearch: tokenSearch,
  component: function AcceptFriend() {
    return <AcceptFriendScreen token={Route.useSearch().token} />
  },
})
