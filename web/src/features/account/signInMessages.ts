import { isApiError } from '../../lib/apiError'

/** Spec §8, login and registration. */
export const signInMessages = {
  noSuchUsername: "This username doesn't exist. Please check your username or sign up.",
  wrongPassword: 'The password you entered is incorrect. Please try again.',
  failed: 'Sign in failed. Please check your information and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  /** The session ended elsewhere (another tab, expiry, suspension): not the member's own Log out here. */
  signedOut: 'You were signed out. Sign in again to continue.',
  /** The session ended because its account was deleted (on another device, or in another tab). */
  accountDeleted: 'Your account was deleted.',
} as const

export const registrationMessages = {
  usernameTaken: 'This username is already taken. Please choose a different one.',
  emailTaken: 'This email is already registered. Please use a different email or sign in.',
  failed: 'Registration failed. Please check your information and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const

export interface SignInFailure {
  message: string
  /** A wrong username or password is said on the form only; anything else also gets the destructive toast. */
  toast: boolean
}

const isNetworkFailure = (error: unknown) => !isApiError(error) || error.status === 0

/**
 * What the sign-in form says after a failed login. A 401 asks whether the username exists, so the
 * person learns which of the two was wrong.
 */
export async function explainSignInFailure(
  error: unknown,
  usernameAvailable: () => Promise<boolean>,
): Promise<SignInFailure> {
  if (isNetworkFailure(error)) return { message: signInMessages.unexpected, toast: true }
  if (isApiError(error) && error.status === 401) {
    try {
      return {
        message: (await usernameAvailable()) ? signInMessages.noSuchUsername : signInMessages.wrongPassword,
        toast: false,
      }
    } catch {
      return { message: signInMessages.failed, toast: false }
    }
  }
  const serverText = isApiError(error) ? serverErrorText(error.data, error.message) : undefined
  return { message: serverText ?? signInMessages.failed, toast: true }
}

/** An HTTP reason phrase ("Internal Server Error", "502 Bad Gateway") says less than our own words. */
const isReasonPhrase = (text: string) => /^(\d{3} )?[A-Z][a-z]+( [A-Z][a-z]+)*$/.test(text.trim())

/**
 * The server's own words: a JSON body's error or message, or the words of a body that is not JSON (a
 * plain text, an error page's title), which the request client has already made the error's message.
 */
function serverErrorText(body: unknown, words: string): string | undefined {
  if (typeof body === 'string') return isReasonPhrase(words) ? undefined : words
  if (typeof body !== 'object' || body === null) return undefined
  const { error, message } = body as { error?: unknown; message?: unknown }
  if (typeof error === 'string' && error.trim() && !isReasonPhrase(error)) return error
  return typeof message === 'string' && message.trim() ? message : undefined
}

export interface RegistrationFailure {
  message?: string
  fields: { username?: string; email?: string }
}

/** Spec §8 registration: a 409 names the taken field(s); anything else is one message. */
export function explainRegistrationFailure(error: unknown): RegistrationFailure {
  if (isNetworkFailure(error)) return { message: registrationMessages.unexpected, fields: {} }
  if (isApiError(error) && error.status === 409) {
    const taken = error.validationErrors ?? {}
    const fields: RegistrationFailure['fields'] = {}
    if (taken.username) fields.username = registrationMessages.usernameTaken
    if (taken.email) fields.email = registrationMessages.emailTaken
    if (!fields.username && !fields.email) return { message: error.message, fields }
    return { fields }
  }
  return { message: registrationMessages.failed, fields: {} }
}
