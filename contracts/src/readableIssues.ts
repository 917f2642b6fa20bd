// Types only: the web build's `zod` is its own module (web/src/lib/zodConfig.ts), which imports this one.
import type { $ZodRawIssue } from 'zod/v4/core'

/**
 * Zod's own words for a refusal no schema words itself ("Invalid input: expected number, received
 * NaN", "Too small: expected string to have >=1 characters") reach people: the API answers them as
 * `message`, and the web app shows a server's message as it is. These say the same in plain words,
 * naming the field. A schema's own message always comes first: this is Zod's fallback (`customError`),
 * set by the gateway (`app.ts`) and the web build (`zodConfig.ts`).
 */
type Issue = $ZodRawIssue

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
}

const formats: Record<string, string> = {
  email: 'an email address',
  url: 'a web address (https://…)',
  uuid: 'a UUID',
  datetime: 'a date and time (like 2026-12-01T18:30:00Z)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
}

const nameOf = (path: readonly PropertyKey[] | undefined) =>
  path && path.length > 0 ? path.map(String).join('.') : 'The value'

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value))

/** The plain message for `issue`, or undefined to keep Zod's. */
export function readableIssueMessage(issue: Issue): string | undefined {
  const field = nameOf(issue.path)
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required`
      return `${field} must be ${kinds[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${shown(issue.values[0])}`
        : `${field} must be one of ${issue.values.map(shown).join(', ')}`
    case 'too_big': {
      const most = String(issue.maximum)
      if (issue.origin === 'string')
        return issue.inclusive === false
          ? `${field} must be shorter than ${most} characters`
          : `${field} can be at most ${most} characters`
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} can have at most ${most} ${most === '1' ? 'item' : 'items'}`
      return issue.inclusive === false ? `${field} must be less than ${most}` : `${field} can be at most ${most}`
    }
    case 'too_small': {
      const least = String(issue.minimum)
      if (issue.origin === 'string')
        return least === '1' ? `${field} cannot be empty` : `${field} must be at least ${least} characters`
      if (issue.origin === 'array' || issue.origin === 'set')
        return least === '1' ? `${field} needs at least one item` : `${field} needs at least ${least} items`
      return issue.inclusive === false ? `${field} must be more than ${least}` : `${field} must be at least ${least}`
    }
    case 'invalid_format': {
      const format = formats[issue.format]
      return format ? `${field} must be ${format}` : `${field} is not in the form it should be`
    }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`
    case 'unrecognized_keys':
      return `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return `${field} is not valid`
    default:
      return undefined
  }
}
