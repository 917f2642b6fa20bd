import { z } from 'zod'
import { digestType, role } from './account'

/** Admin user management (issue 14.4): search, account facts, role, suspension, deletion. */

export const adminUsersQuery = z.object({
  query: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
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

export const adminUsersAnswer = z.object({ items: z.array(adminUser) })
export const adminUserAnswer = adminUser.extend({ position: z.string().optional() })
export const adminUserDeletedAnswer = z.object({ message: z.string(), position: z.string().optional() })

export const lastAdminMessages = {
  demote: 'You cannot demote the last admin: make someone else an admin first.',
  suspend: 'You cannot suspend the last admin: make someone else an admin first.',
  delete: 'You cannot delete the last admin: make someone else an admin first.',
} as const

export const suspendedMessage = 'This account is suspended. Contact the Reelmates team to restore it.'
