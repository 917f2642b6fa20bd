import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { shownFields } from './shownFields'

describe('shownFields', () => {
  it("keeps the schema's fields and leaves everything else behind", () => {
    const shown = z.object({ id: z.string(), note: z.string().nullable() })
    const stored = { _id: 'k', id: 'a', note: null, lookupKey: 'secret', push: { endpoint: 'x' } }
    expect(shownFields(shown, stored)).toEqual({ id: 'a', note: null })
  })
})
