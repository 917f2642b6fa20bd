import { z } from 'zod'
import { digestType, role } from './account'
import { keysetCursor } from './feed'

/** Admin user management (issue 14.4): search, account facts, role, suspension, deletion. */

/** How many accounts one page of the admin's list holds. */
export const adminUsersPageSize = 100

export const adminUsersQuery = z.object({
  query: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
  /** The `nextCursor` of the page before: the same keyset (createdAt, id) as the feed's. */
  after: keysetCursor.optional(),
})

export const adminUserParams = z.object({ id: z.string().min(1).max(100) })

export const roleChangeRequest = z.object({ role })

/** Account facts an admin may see: never a password hash, a token or a push subscription. */
export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role,
  suspended: z.boolean(),
  createdAt: z.string(),
  location: z.string().nullable(),
  digestType,
  onboardingCompleted: z.boolean(),
  receiveCampaignEmails: z.boolean(),
  pushNotificationsEnabled: z.boolean(),
  lastNewsVisit: z.string().nullable(),
})
export type AdminUser = z.infer<typeof adminUser>

/** A page of accounts, newest first; `total` counts every account the search matches, on every page. */
export const adminUsersAnswer = z.object({
  items: z.array(adminUser),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
})
export type AdminUsersAnswer = z.infer<typeof adminUsersAnswer>
export const adminUserAnswer = adminUser.extend({ position: z.string().optional() })
export const adminUserDeletedAnswer = z.object({ message: z.string(), position: z.string().optional() })

export const lastAdminMessages = {
  demote: 'You cannot demote the last admin: make someone else an admin first.',
  suspend: 'You cannot suspend the last admin: make someone else an admin first.',
  delete: 'You cannot delete the last admin: make someone else an admin first.',
} as const

export const suspendedMessage = 'This account is suspended. Contact the Reelmates team to restore it.'
