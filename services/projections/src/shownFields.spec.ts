import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { shownFields } from './shownFields'

describe('shownFields', () => {
  it("keeps the schema's fields and leaves everything else behind", () => {
    const shown = z.object({ id: z.string(), note: z.string().nullable() })
    const stored = { _id: 'k', id: 'a', note: null, lookupKey: 'secret', push: { endpoint: 'x' } }
    expect(shownFields(shown, stored)).toEqual({ id: 'a', note: null })
  })

  it('takes the fields the query worked out over the stored ones, still only those of the schema', () => {
    const shown = z.object({ id: z.string(), by: z.string().nullable() })
    const stored = { _id: 'k', id: 'a', by: 'stale', other: 1 }
    expect(shownFields(shown, stored, { by: 'ann' })).toEqual({ id: 'a', by: 'ann' })
    expect(shownFields(shown, { _id: 'k', id: 'a' }, { by: null })).toEqual({ id: 'a', by: null })
  })
})
