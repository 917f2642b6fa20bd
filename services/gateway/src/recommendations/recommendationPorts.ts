import type { RecommendationPorts } from '@reelmates/commands/recommendation/ports'
import { accountMembers } from '@reelmates/commands/friendship/members'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { recordedTitle } from '../library/titleSnapshot'
import type { Platform } from '../platform'
import { memberRecommendationMail, recommendationsLink } from './memberRecommendationMail'
import { newcomerRecommendationMail, recommendationSignUpLink } from './newcomerRecommendationMail'

/** The recommendation services' view of the platform: accounts, the read model, the catalog, the mailer. */
export function recommendationPorts(platform: Platform): RecommendationPorts {
  const { mailer, config } = platform
  const queries = recommendationQueries(platform.readStore)
  return {
    eventStore: platform.eventStore,
    members: accountMembers(platform.eventStore, platform.vault),
    mails: {
      async toMember(to, from, title) {
        await mailer.send(memberRecommendationMail(to, from, title, recommendationsLink(config.publicUrl)))
      },
      async toNewcomer(toEmail, from, title, token) {
        await mailer.send(
          newcomerRecommendationMail(toEmail, from, title, recommendationSignUpLink(config.publicUrl, toEmail, token)),
        )
      },
    },
    senderOf: (recommendationId) => queries.senderOf(recommendationId),
    recordedTitle: (ref) => recordedTitle(platform.catalog, ref),
    newId: platform.newId,
    now: platform.now,
  }
}
