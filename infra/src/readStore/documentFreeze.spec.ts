import { describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from './embeddedReadStore'
import type { Doc } from './port'

interface Thing extends Doc {
  tags?: [string, { deep: string[] }]
  nested: { k: number; list?: { n: number }[] }
  at?: Date
}

/**
 * The embedded store hands out its own documents, deeply frozen, instead of a copy per read (a copy
 * of each of a feed page's 201 timelines was a seventh of the page): these pin that a reader can
 * neither change the store through them nor see a later write change what it already holds.
 */
describe('documents read from the embedded store', () => {
  async function seeded() {
    const store = await createEmbeddedReadStore()
    const things = store.collection<Thing>('things')
    await things.insertMany([
      { _id: 'a', tags: ['x', { deep: ['y'] }], nested: { k: 1, list: [{ n: 1 }] } },
      { _id: 'd', at: new Date('2026-01-02T03:04:05.000Z'), nested: { k: 2 } },
    ])
    return things
  }

  it('are frozen all the way down: writing to one throws, and the store keeps what was written', async () => {
    const things = await seeded()
    const [doc] = await things.find({ _id: 'a' })
    const tags = doc?.tags
    const list = doc?.nested.list
    if (!doc || !tags || !list) throw new Error('seeded document missing')
    expect(() => (doc.nested.k = 2)).toThrow(TypeError)
    expect(() => tags.push('z')).toThrow(TypeError)
    expect(() => tags[1].deep.push('z')).toThrow(TypeError)
    expect(() => (list[0]!.n = 5)).toThrow(TypeError)
    expect(() => delete (doc as Record<string, unknown>).nested).toThrow(TypeError)
    expect(await things.findOne({ _id: 'a' })).toEqual({
      _id: 'a',
      tags: ['x', { deep: ['y'] }],
      nested: { k: 1, list: [{ n: 1 }] },
    })
  })

  it('are not copied again on each read, and a later write leaves a document already read as it was', async () => {
    const things = await seeded()
    const first = await things.findOne({ _id: 'a' })
    expect(await things.findOne({ _id: 'a' })).toBe(first)
    await things.updateOne({ _id: 'a' }, { $set: { 'nested.k': 9 }, $push: { tags: 'z' } })
    expect(first).toEqual({ _id: 'a', tags: ['x', { deep: ['y'] }], nested: { k: 1, list: [{ n: 1 }] } })
    const updated = await things.findOne({ _id: 'a' })
    expect(updated).not.toBe(first)
    expect(updated).toMatchObject({ tags: ['x', { deep: ['y'] }, 'z'], nested: { k: 9 } })
  })

  it('holding a Date (which freezing cannot protect) are copied on every read instead', async () => {
    const things = await seeded()
    const found = await things.findOne({ _id: 'd' })
    if (!found?.at) throw new Error('seeded document missing')
    expect(Object.isFrozen(found)).toBe(false)
    found.at.setTime(0)
    found.nested.k = 7
    const again = await things.findOne({ _id: 'd' })
    expect(again).not.toBe(found)
    expect(again?.at?.toISOString()).toBe('2026-01-02T03:04:05.000Z')
    expect(again?.nested.k).toBe(2)
  })

  it('answer a projection with the frozen values: a picked array refuses to change', async () => {
    const things = await seeded()
    const picked = await things.findOne({ _id: 'a' }, { projection: { nested: 1 } })
    expect(() => picked?.nested.list?.push({ n: 2 })).toThrow(TypeError)
    expect(await things.findOne({ _id: 'a' }, { projection: { nested: 1 } })).toEqual({
      _id: 'a',
      nested: { k: 1, list: [{ n: 1 }] },
    })
  })
})
