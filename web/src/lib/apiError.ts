/** Spec §8, generic request errors. */
export const requestMessages = {
  fallback: 'An error occurred with your request',
  network: 'Network error. Please check your connection and try again.',
  invalidResponse: 'Invalid response from server. Please try again later.',
} as const

export type ValidationErrors = Record<string, string | undefined>

/** The API error object of spec §3: message, status, data (the parsed body), validationErrors, isApiError. */
export class ApiError extends Error {
  readonly isApiError = true as const
  constructor(
    message: string,
    readonly status: number,
    readonly data?: unknown,
    readonly validationErrors?: ValidationErrors,
    /** The server's `Retry-After`, in seconds: when asking again can succeed (a rate limit's 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as { isApiError?: unknown }).isApiError === true
}

/** The request got no answer at all (no connection, whatever the browser said): not a refusal. */
export function isUnanswered(error: unknown): boolean {
  return isApiError(error) && error.status === 0
}

function textField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[field]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function validationErrorsOf(body: unknown): ValidationErrors | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>).validationErrors
  return typeof value === 'object' && value !== null ? (value as ValidationErrors) : undefined
}

/**
 * The words of an HTML error page (a proxy's "413 Request Entity Too Large"): its title, else its
 * first heading. Its markup would be shown as it is in a toast.
 */
function wordsOfPage(html: string): string | undefined {
  const page = new DOMParser().parseFromString(html, 'text/html')
  const words = page.title.trim() || page.querySelector('h1')?.textContent.trim()
  return words || undefined
}

/** `Retry-After` as seconds from now: a number of seconds, or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterOf(response: Response, now: number = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000
  return Number.isFinite(seconds) ? Math.max(seconds, 0) : undefined
}

/**
 * Turns a non-OK response into the API error: a JSON body gives its message, else its error field,
 * else the generic text; any other body gives its text (an HTML page its title), else the status text.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const type = response.headers.get('Content-Type') ?? ''
  const isJson = type.includes('json')
  const text = await response.text().catch(() => '')
  const retryAfter = retryAfterOf(response)
  if (isJson) {
    try {
      const body: unknown = JSON.parse(text)
      const message = textField(body, 'message') ?? textField(body, 'error') ?? requestMessages.fallback
      return new ApiError(message, response.status, body, validationErrorsOf(body), retryAfter)
    } catch {
      // A body that claims JSON but is not: fall through to its text.
    }
  }
  const words = type.includes('html') ? wordsOfPage(text) : text.trim()
  return new ApiError(
    words || response.statusText || requestMessages.fallback,
    response.status,
    text || undefined,
    undefined,
    retryAfter,
  )
}
