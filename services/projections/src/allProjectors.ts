import type { Projector } from './projector'
import { activities } from './activities/activities'
import { blog } from './blog/blog'
import { emailTemplateEdits } from './emailTemplates/emailTemplateEdits'
import { feedProjectors } from './feed/feedProjectors'
import { friendsProjectors } from './friends/friendsProjectors'
import { users } from './users/users'
import { watchedItems } from './watched/watchedItems'
import { watchlistItems } from './watchlist/watchlistItems'
import { recommendationsProjector } from './recommendations/recommendations'
import { notifications } from './notifications/notifications'
import { notificationsSeen } from './notifications/notificationsSeen'
import { pushDevices } from './push/pushDevices'
import { announcements } from './notifications/announcements'
import { eventIndex } from './eventHistory/eventIndex'
import { analytics } from './analytics/analytics'
import { avatars } from './avatars/avatars'
import { emailCampaigns } from './campaigns/emailCampaigns'
import { campaignAudience } from './campaigns/campaignAudience'
import { campaignStepMails } from './campaigns/campaignStepMails'
import { streamingBaselines } from './digests/streamingBaselines'

/** Every read model the product serves; the runner keeps each one up to date. */
export const allProjectors: readonly Projector[] = [
  users,
  watchlistItems,
  watchedItems,
  activities,
  ...friendsProjectors,
  recommendationsProjector,
  blog,
  notifications,
  notificationsSeen,
  pushDevices,
  announcements,
  emailTemplateEdits,
  eventIndex,
  analytics,
  ...feedProjectors,
  avatars,
  emailCampaigns,
  campaignAudience,
  campaignStepMails,
  streamingBaselines,
]
