import { regionSchema, searchQueryMaxLength } from '@reelmates/contracts/catalog'
import { z } from 'zod'

/**
 * The address bar's part of discovery screens. A hand-edited or stale address never breaks a
 * page: a value that does not parse falls back to its default.
 */
export const searchScreenParamsSchema = z.object({
  // A number typed into the address ("?q=1984") arrives parsed as one; a query longer than the
  // search box takes is cut to it rather than lost.
  q: z
    .union([z.string(), z.number().transform(String)])
    .transform((query) => query.trim().slice(0, searchQueryMaxLength).trimEnd())
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(500).optional().catch(undefined),
})
export type SearchScreenParams = z.infer<typeof searchScreenParamsSchema>

export const providerScreenParamsSchema = z.object({
  // A region that is none (`?region=ZZ`, "Unknown Region") opens the page in the default region, and
  // the router writes the address again without it (it puts the validated search in the address),
  // as JustWatch sends an unknown country to a default one. Refusing the page would leave nothing to
  // see for a typo or an old link, while the region menu is right there to choose another.
  region: regionSchema.optional().catch(undefined),
  genre: z.coerce.number().int().min(1).optional().catch(undefined),
})
export type ProviderScreenParams = z.infer<typeof providerScreenParamsSchema>
