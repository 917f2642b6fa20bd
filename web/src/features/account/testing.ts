import type { PublicUser } from '@reelmates/contracts/account'

/** A signed-in member as `GET /api/user` returns them; a spec names only what it is about. */
export const member = (fields: Partial<PublicUser> = {}): PublicUser => ({
  id: 'u1',
  username: 'ada',
  email: `${fields.username ?? 'ada'}@example.com`,
  location: null,
  bio: null,
  avatarUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  digestType: 'weekly',
  onboardingCompleted: true,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  role: 'User',
  lastActivityVisit: null,
  lastNewsVisit: null,
  ...fields,
})
