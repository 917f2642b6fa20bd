import { z } from 'zod'

/**
 * The query parameters the account pages read (spec §2: success, special, error, invite, from, token,
 * email, returnTo, redirect). The router hands them over already JSON-parsed (`?from=42` is the
 * number 42, `?invite=true` the boolean), so texts take numbers and flags take strings too. Anything
 * malformed is ignored rather than breaking the page a mail link opened.
 */
const text = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().max(2048))
  .optional()
  .catch(undefined)

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((value) => value === true || value === 'true' || value === 1 || value === '1')
  .optional()
  .catch(undefined)

export const signInSearch = z.object({
  returnTo: text,
  // A boolean, so links built from it write invite=true (a string 'true' would be written quoted).
  invite: flag,
  from: text,
  token: text,
  // Sign-up prefills it; sign-in only carries it, so that "Create an account" from there still has it.
  email: text,
})
export type SignInSearch = z.infer<typeof signInSearch>

export const signUpSearch = signInSearch
export type SignUpSearch = z.infer<typeof signUpSearch>

export const tokenSearch = z.object({ token: text })

/** /home after signing in from an invitation (spec §4): the invitation it carries, to accept once. */
export const homeSearch = signInSearch.pick({ invite: true, from: true, token: true })
export type HomeSearch = z.infer<typeof homeSearch>

export const magicLinkSearch = z.object({ token: text, redirect: text })

/**
 * The account a sign-in link is for, read from its token (`<userId>.<secret>`, made by the gateway's
 * `account/tokens.ts`) without spending it; undefined when the token does not say. The magic-link page
 * asks before a link replaces the member signed in, and need not ask when it is the same member.
 */
export function signInLinkAccount(token: string): string | undefined {
  const [userId, secret, ...rest] = token.trim().split('.')
  return userId && secret && rest.length === 0 ? userId.toLowerCase() : undefined
}

export const unsubscribedSearch = z.object({
  success: flag,
  special: flag,
  /**
   * `error=true` (a flag, kept as the router read it: turned to the string 'true' it was written back
   * to the address as `error=%22true%22`), or the reason itself.
   */
  error: z
    .union([z.boolean(), z.string().max(2048), z.number().transform(String)])
    .optional()
    .catch(undefined),
  email: text,
  /** The signed token of a campaign or digest mail's unsubscribe link: the page posts it at once. */
  token: text,
})
export type UnsubscribedSearch = z.infer<typeof unsubscribedSearch>
