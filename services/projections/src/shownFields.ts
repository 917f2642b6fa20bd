import type { z } from 'zod'

/**
 * The fields a read model shows, copied from one of its stored documents by the schema's keys: what
 * the schema's `parse` would strip (the store's `_id`, look-up keys, a push subscription) is left
 * behind, but no field is validated again. The documents are the projectors' own, and an HTTP answer
 * is validated once, by its route's response schema: parsing here as well made every item of a page
 * go through zod twice (docs/performance.md).
 */
export function shownFields<S extends z.ZodObject>(schema: S, doc: Readonly<Record<string, unknown>>): z.output<S> {
  const shown: Record<string, unknown> = {}
  for (const key of Object.keys(schema.shape)) if (Object.hasOwn(doc, key)) shown[key] = doc[key]
  return shown as z.output<S>
}
