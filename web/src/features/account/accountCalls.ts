import type {
  ProfileUpdateRequest,
  PublicUser,
  RegisterRequest,
  ResetLinkCheckRequest,
  ResetPasswordRequest,
  SignInRequest,
} from '@reelmates/contracts/account'
import { apiJson, forgetCsrfToken } from '../../lib/api'
import { isUnanswered } from '../../lib/apiError'

/** The account calls of spec §7. Sign-in, sign-up and sign-out start a new session, hence a new CSRF token. */
type UserAnswer = PublicUser & { position?: string }

function userOf(answer: UserAnswer): PublicUser {
  const { position: _position, ...user } = answer
  return user
}

export async function signIn(request: SignInRequest): Promise<PublicUser> {
  const answer = await apiJson<UserAnswer>('/api/login', { method: 'POST', body: request })
  forgetCsrfToken()
  return userOf(answer)
}

export async function isUsernameAvailable(username: string): Promise<boolean> {
  const answer = await apiJson<{ available: boolean }>(
    `/api/validate-username?username=${encodeURIComponent(username)}`,
  )
  return answer.available
}

export async function register(request: RegisterRequest): Promise<PublicUser> {
  const answer = await apiJson<UserAnswer>('/api/register', { method: 'POST', body: request })
  forgetCsrfToken()
  return userOf(answer)
}

export async function requestPasswordReset(email: string): Promise<string | undefined> {
  const answer = await apiJson<{ message?: string } | undefined>('/api/forgot-password', {
    method: 'POST',
    body: { email },
  })
  return answer?.message
}

/** Mails a single-use sign-in link (magic link) to the address, if it has an account. */
export async function requestSignInLink(email: string): Promise<string | undefined> {
  const answer = await apiJson<{ message?: string } | undefined>('/api/auth/magic-link/request', {
    method: 'POST',
    body: { email },
  })
  return answer?.message
}

export async function requestUsername(email: string): Promise<string | undefined> {
  const answer = await apiJson<{ message?: string } | undefined>('/api/forgot-username', {
    method: 'POST',
    body: { email },
  })
  return answer?.message
}

export async function resetPassword(request: ResetPasswordRequest): Promise<void> {
  await apiJson('/api/reset-password', { method: 'POST', body: request })
}

/** Resolves if the reset link can still set a password; rejects with the server's reason if not. */
export async function checkResetLink(token: string): Promise<void> {
  await apiJson('/api/reset-password/check', { method: 'POST', body: { token } satisfies ResetLinkCheckRequest })
}

export async function stopCampaignEmails(email: string): Promise<{ success: boolean; message: string }> {
  return apiJson('/api/update-email-preferences', { method: 'POST', body: { email, receiveCampaignEmails: false } })
}

/** The unsubscribe link of a list mail: its signed token stops campaign mail, no sign-in needed. */
export async function unsubscribeWithToken(token: string): Promise<{ success: boolean; message: string }> {
  return apiJson(`/api/unsubscribe?${new URLSearchParams({ token }).toString()}`, { method: 'POST' })
}

/**
 * Spec §4 magic link steps 1–2: a CSRF token, then the link itself (a GET that signs in; the request
 * client sends the token on it, `actingReads`).
 */
export async function authenticateWithMagicLink(token: string, redirect: string): Promise<{ redirect?: string }> {
  const query = `token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(redirect)}`
  const answer = await apiJson<{ redirect?: string }>(`/api/auth/magic-link?${query}`)
  forgetCsrfToken()
  return answer
}

/** Signs in with a mailed single-use token; answers the action the token carried, already carried out. */
export async function processAuthToken(token: string): Promise<{ action: string | null; actionData: unknown }> {
  const answer = await apiJson<{ action: string | null; actionData: unknown }>(
    `/api/auth/process-token?token=${encodeURIComponent(token)}`,
  )
  forgetCsrfToken()
  return { action: answer.action, actionData: answer.actionData }
}

export async function acceptFriendWithToken(token: string): Promise<{ message?: string; error?: string }> {
  return apiJson(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
}

/**
 * PUT /api/user/profile (spec §7). A new password gives this session a new id, hence a new CSRF token:
 * also when the answer was lost, since the server may have made the change. `idempotencyKey`: the
 * save's own key, the same when the same save is sent again after an answer that never came.
 */
export async function updateProfile(request: ProfileUpdateRequest, idempotencyKey?: string): Promise<PublicUser> {
  try {
    const answer = await apiJson<UserAnswer>('/api/user/profile', {
      method: 'PUT',
      body: request,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    })
    if (request.newPassword) forgetCsrfToken()
    return userOf(answer)
  } catch (error) {
    if (request.newPassword && isUnanswered(error)) forgetCsrfToken()
    throw error
  }
}
