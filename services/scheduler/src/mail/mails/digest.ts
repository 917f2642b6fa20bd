import { DigestSent } from '@reelmates/contracts/digests'
import { digestFor } from '../../digests/digestFor'
import { unsubscribeFor } from '../../campaigns/unsubscribe'
import { defineMail } from '../defineMail'

/**
 * The digest itself, composed from the period its event names. Whatever was deleted or erased since
 * the job saw it is left out, and a digest that became empty that way is not mailed.
 */
export const digestMail = defineMail({
  name: 'digest',
  template: 'digest',
  on: DigestSent,
  async compose({ userId, digestType, from, until, streaming }, { members, publicUrl, readStore, unsubscribeSecret }) {
    const to = await members.byId(userId)
    const digest = to && (await digestFor(readStore, publicUrl)(userId, { digestType, from, until }, streaming))
    if (!to || !digest || digest.empty) return null
    const unsubscribe = unsubscribeFor(userId, 'digests', { publicUrl, secret: unsubscribeSecret })
    return {
      to: to.email,
      userId: to.userId,
      variables: { ...digest.variables, unsubscribeLink: unsubscribe.link },
      headers: unsubscribe.headers,
    }
  },
})
