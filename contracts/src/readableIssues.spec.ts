import { z } from 'zod'
import { beforeAll, describe, expect, it } from 'vitest'
import { readableIssueMessage } from './readableIssues'

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []

describe('refusals in plain words', () => {
  beforeAll(() => z.config({ customError: readableIssueMessage }))

  it('names the field and says what it must be', () => {
    const query = z.object({ page: z.coerce.number().int().min(1), sort: z.enum(['asc', 'desc']) })
    expect(messages(query, { page: 'abc', sort: 'up' })).toEqual([
      'page must be a number',
      'sort must be one of "asc", "desc"',
    ])
    expect(messages(query, { page: '0', sort: 'asc' })).toEqual(['page must be at least 1'])
    expect(messages(query, { page: '1.5', sort: 'asc' })).toEqual(['page must be a whole number'])
  })

  it('says a missing field is required, and an empty one cannot be empty', () => {
    const body = z.object({ description: z.string(), streamingService: z.string().min(1) })
    expect(messages(body, { streamingService: '' })).toEqual([
      'description is required',
      'streamingService cannot be empty',
    ])
  })

  it('counts lengths and list sizes in words, and names a place in a list', () => {
    const body = z.object({ name: z.string().max(3), tags: z.array(z.email()).max(2) })
    expect(messages(body, { name: 'abcd', tags: ['a@b.co', 'not an address'] })).toEqual([
      'name can be at most 3 characters',
      'tags.1 must be an email address',
    ])
    expect(messages(body, { name: 'abc', tags: ['a@b.co', 'c@d.co', 'e@f.co'] })).toEqual([
      'tags can have at most 2 items',
    ])
    expect(messages(z.array(z.number()).max(1), [1, 2])).toEqual(['The value can have at most 1 item'])
  })

  it('leaves a schema’s own words as they are', () => {
    expect(messages(z.string({ message: 'note must be text' }), 5)).toEqual(['note must be text'])
    expect(messages(z.string().min(6, 'Password must be at least 6 characters'), 'abc')).toEqual([
      'Password must be at least 6 characters',
    ])
  })

  it('tells unknown fields of a strict object by name', () => {
    expect(messages(z.strictObject({ a: z.number() }), { a: 1, emial: 'x' })).toEqual(['Unknown field: emial'])
  })
})
