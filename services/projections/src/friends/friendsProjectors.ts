import { friendInvitations } from './friendInvitations'
import { friendships } from './friendships'
import { invitedAddresses } from './invitedAddresses'

/** The social graph's read models, registered together in `allProjectors`. */
export const friendsProjectors = [friendships, friendInvitations, invitedAddresses] as const
