import { RecommendationSent } from '@reelmates/contracts/recommendations'
import { defineMail } from '../defineMail'
import { quotedNote, recordRecommendationEmailed } from './recordEmailed'

/** To a member recommended a title by their address: it waits in `/recommendations` (in-app as well). */
export const recommendationMail = defineMail({
  name: 'recommendation',
  template: 'recommendation',
  on: RecommendationSent,
  async compose({ fromUserId, toUserId, toEmail, mediaTitle, note }, { members, publicUrl }) {
    // Recommended by username, a friend finds it in the app; only an address typed asks for a mail.
    if (!toUserId || !toEmail) return null
    const [to, from] = await Promise.all([members.byId(toUserId), members.byId(fromUserId)])
    // A suspended member cannot sign in to see it.
    if (!to || !from || to.suspended) return null
    return {
      to: to.email,
      userId: to.userId,
      variables: {
        username: to.username,
        fromUsername: from.username,
        mediaTitle,
        note: quotedNote(note),
        link: `${publicUrl}/recommendations`,
      },
    }
  },
  sent: recordRecommendationEmailed,
})
