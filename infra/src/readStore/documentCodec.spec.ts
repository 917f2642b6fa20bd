import { serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { decodeDocument, encodeDocument } from './documentCodec'
import type { Doc } from './port'

const roundTrip = (doc: Doc) => decodeDocument(encodeDocument(doc))

function withHole(): number[] {
  const list: number[] = []
  list[0] = 1
  list[2] = 3
  return list
}

describe('the snapshot document codec', () => {
  it('writes a JSON document with Dates as JSON text, and reads the Dates back as Dates', () => {
    const doc = {
      _id: 'a1',
      at: new Date('2026-11-25T04:00:00.123Z'),
      nested: { when: [new Date('2020-01-01T00:00:00Z'), { last: new Date(0) }], text: '2026-11-25T04:00:00.123Z' },
      list: [1, 'two', null, true, { three: 3 }],
    }
    const encoded = encodeDocument(doc)
    expect(typeof encoded).toBe('string')
    const back = decodeDocument(encoded)
    expect(back).toEqual(doc)
    expect(back.at).toBeInstanceOf(Date)
    // A string that looks like a date stays a string.
    expect((back.nested as { text: unknown }).text).toBe('2026-11-25T04:00:00.123Z')
  })

  it('keeps odd strings exactly: lone surrogates, NUL, right-to-left text, emoji', () => {
    const doc = { _id: 'odd', lone: 'a\ud800b', nul: 'x\u0000y', rtl: 'שלום \u202eabc', emoji: '🍿🔥' }
    expect(roundTrip(doc)).toEqual(doc)
  })

  it('keeps a field named __proto__ as a field', () => {
    const doc = JSON.parse('{"_id":"p","__proto__":{"at":1},"x":1}') as Doc
    const back = roundTrip(doc)
    expect(Object.keys(back)).toEqual(['_id', '__proto__', 'x'])
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype)
  })

  it.each([
    ['an undefined field', { _id: 'u', gone: undefined }],
    ['NaN', { _id: 'n', n: Number.NaN }],
    ['Infinity', { _id: 'i', n: -Infinity }],
    ['minus zero', { _id: 'z', n: -0 }],
    ['an invalid Date', { _id: 'd', at: new Date('not a date') }],
    ['a Map', { _id: 'm', m: new Map([['a', 1]]) }],
    ['an array with a hole', { _id: 'h', list: withHole() }],
    ['undefined in an array', { _id: 'ua', list: [1, undefined] }],
  ])('keeps what JSON would change exactly, with v8 serialization: %s', (_name, doc: Doc) => {
    const encoded = encodeDocument(doc)
    expect(Buffer.isBuffer(encoded)).toBe(true)
    const back = decodeDocument(encoded)
    expect(back).toStrictEqual(doc)
    if ('n' in doc) expect(Object.is(back.n, doc.n)).toBe(true)
  })

  it('reads a document written with v8 serialization by an earlier snapshot', () => {
    const doc = { _id: 'old', at: new Date('2026-01-02T03:04:05Z'), n: 1 }
    expect(decodeDocument(serialize(doc))).toEqual(doc)
  })
})
