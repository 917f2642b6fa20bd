import { friendshipMessages as says, newAddressesPerDay } from '@reelmates/contracts/friendships'
import { TooManyRequests } from './errors'

const dayMs = 24 * 60 * 60 * 1000

/** What a sender has mailed before, as the limit on new addresses needs it. */
export interface InvitedAddresses {
  /** They have mailed this address before (invited it, or recommended to it), whenever. */
  alreadyInvited: boolean
  /** How many addresses they mailed for the first time after the `since` they were asked about. */
  newSince: number
}

/** From when a sender's new addresses are counted. */
export const newAddressesSince = (at: Date): string => new Date(at.getTime() - dayMs).toISOString()

/**
 * Mailing an address is refused once the sender has mailed `newAddressesPerDay` new ones in 24 hours.
 * An address they mailed before is not new: a resend, or a recommendation to a friend invited last
 * week, is left to the per-address rules, so someone inviting their family is never stopped by it.
 * Counted whether or not the address has an account, so that the refusal tells nothing of that.
 */
export function checkNewAddress(invited: InvitedAddresses): void {
  if (!invited.alreadyInvited && invited.newSince >= newAddressesPerDay)
    throw new TooManyRequests(says.tooManyNewAddresses)
}
