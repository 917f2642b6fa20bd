import { RecommendationSent } from '@reelmates/contracts/recommendations'
import { defineMail } from '../defineMail'
import { quotedNote, recordRecommendationEmailed } from './recordEmailed'

/**
 * To an address without an account: `/sign_up?returnTo=/recommendations&email=&token=` opens sign-up
 * with the "You've received a recommendation!" banner, and signing up puts it in the new inbox.
 */
export const recommendationInvitationMail = defineMail({
  name: 'recommendation-invitation',
  template: 'recommendation-invitation',
  on: RecommendationSent,
  async compose({ fromUserId, toUserId, toEmail, token, mediaTitle, note }, { members, publicUrl }) {
    if (toUserId || !toEmail || !token) return null
    const from = await members.byId(fromUserId)
    if (!from) return null
    const query = new URLSearchParams({ returnTo: '/recommendations', email: toEmail, token })
    // The address has no account: the mail is about the sender, and goes with their account.
    return {
      to: toEmail,
      userId: fromUserId,
      variables: {
        fromUsername: from.username,
        mediaTitle,
        note: quotedNote(note),
        link: `${publicUrl}/sign_up?${query.toString()}`,
      },
    }
  },
  sent: recordRecommendationEmailed,
})
