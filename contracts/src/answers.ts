import { z } from 'zod'

/**
 * The error JSON of the spec's client contract (§8): `message`, with `error`, `detail` (magic link)
 * and `validationErrors` (field → message) where they apply. Every 4xx of the API has this body.
 */
export const errorAnswer = z.object({
  message: z.string(),
  error: z.string().optional(),
  detail: z.string().optional(),
  validationErrors: z.record(z.string(), z.string()).optional(),
})
export type ErrorAnswer = z.infer<typeof errorAnswer>

/** What a change answers: the log position it reached, for the next query's `X-Min-Position`. */
export const mutationAnswer = z.object({ position: z.string().optional() })
