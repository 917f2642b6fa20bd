import { friendInvitations } from './friendInvitations'
import { friendships } from './friendships'

/** The social graph's read models, registered together in `allProjectors`. */
export const friendsProjectors = [friendships, friendInvitations] as const
