import { DigestTestRequested } from '@reelmates/contracts/digests'
import { testMailSubjectPrefix } from '@reelmates/contracts/emailTemplates'
import { digestFor } from '../../digests/digestFor'
import { unsubscribeFor } from '../../campaigns/unsubscribe'
import { defineMail } from '../defineMail'

/** A member's digest, as it would have gone out when asked, to the admin who asked (`/test-digest`). */
export const testDigestMail = defineMail({
  name: 'test-digest',
  template: 'digest',
  on: DigestTestRequested,
  async compose(
    { userId, requestedBy, digestType, from, until, streaming },
    { members, publicUrl, readStore, unsubscribeSecret },
  ) {
    const admin = await members.byId(requestedBy)
    const digest = admin && (await digestFor(readStore, publicUrl)(userId, { digestType, from, until }, streaming))
    if (!admin || !digest) return null
    // The admin's own link: trying it must not take the member off their list.
    const unsubscribe = unsubscribeFor(admin.userId, 'digests', { publicUrl, secret: unsubscribeSecret })
    return {
      to: admin.email,
      userId: admin.userId,
      variables: { ...digest.variables, unsubscribeLink: unsubscribe.link },
      // Whose digest it is: an admin may try several members' and would get the same subject for each.
      subjectPrefix: `${testMailSubjectPrefix}${digest.variables.username}'s digest · `,
      headers: unsubscribe.headers,
    }
  },
})
