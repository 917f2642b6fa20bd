import { z } from 'zod'

// The query parameters account pages read (spec §2). Anything malformed is simply ignored.
const text = z.string().max(2048).optional().catch(undefined)

export const signInSearch = z.object({
  returnTo: text,
  // A boolean, so links built from it write invite=true (a string 'true' would be written quoted).
  invite: z
    .union([z.boolean(), z.string()])
    .transform((value) => value === true || value === 'true')
    .optional()
    .catch(undefined),
  from: text,
  token: text,
})
export type SignInSearch = z.infer<typeof signInSearch>

export const signUpSearch = signInSearch.extend({ email: text })
export type SignUpSearch = z.infer<typeof signUpSearch>

export const tokenSearch = z.object({ token: text })

export const magicLinkSearch = z.object({ token: text, redirect: text })

const flag = z
  .union([z.boolean(), z.string()])
  .transform((value) => value === true || value === 'true' || value === '1')
  .optional()
  .catch(undefined)
export const unsubscribedSearch = z.object({
  success: flag,
  special: flag,
  error: text.or(z.boolean().transform(String)).optional().catch(undefined),
  email: text,
})
