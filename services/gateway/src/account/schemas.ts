import { z } from 'zod'

/** The error JSON of the spec's client contract (what `http/errors.ts` sends). */
export const errorAnswer = z.object({
  message: z.string(),
  error: z.string().optional(),
  detail: z.string().optional(),
  validationErrors: z.record(z.string(), z.string()).optional(),
})
