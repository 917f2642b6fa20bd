import type { z } from 'zod'

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** The first message of each field, for showing under the inputs. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message
  }
  return errors
}
