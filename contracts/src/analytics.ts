import { z } from 'zod'

export const analyticsRanges = [7, 30, 90] as const

export const analyticsQuery = z.object({
  days: z.coerce
    .number({ message: 'days must be 7, 30 or 90' })
    .refine((days): days is (typeof analyticsRanges)[number] => (analyticsRanges as readonly number[]).includes(days), {
      message: 'days must be 7, 30 or 90',
    })
    .default(30)
    // The refinement is code, which JSON Schema cannot show: the document lists the choices.
    .meta({ enum: [...analyticsRanges] }),
})

const topTitle = z.object({ tmdbId: z.number(), mediaType: z.string(), title: z.string(), count: z.number().int() })

export const analyticsAnswer = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      signUps: z.number().int(),
      activeUsers: z.number().int(),
      weeklyActiveUsers: z.number().int(),
      watches: z.number().int(),
      recommendationsSent: z.number().int(),
      recommendationsAccepted: z.number().int(),
      mailsSent: z.number().int(),
      mailsFailed: z.number().int(),
    }),
  ),
  mostWatchedThisWeek: z.array(topTitle),
  mostWatchlistedThisWeek: z.array(topTitle),
  /**
   * Series whose facts are not events yet, so they stay empty: mail outcomes (the outbox records them,
   * not the log). The charts say so instead of showing a flat zero as if it were measured.
   */
  notRecordedYet: z.array(z.string()),
})
export type AnalyticsAnswer = z.infer<typeof analyticsAnswer>
