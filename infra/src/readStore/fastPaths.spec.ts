import { Query } from 'mingo'
import { describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from './embeddedReadStore'

/**
 * The embedded store answers the common shapes (plain equality filters, inclusion projections, `$max`
 * of numbers) without mingo; these cases pin that the answers stay MongoDB's.
 */
describe('embedded read store fast paths', () => {
  async function seeded() {
    const store = await createEmbeddedReadStore()
    const things = store.collection('things')
    await things.insertMany([
      { _id: 'a', tags: ['x', 'y'], n: 1, flag: true, nested: { k: 1 } },
      { _id: 'b', tags: 'x', n: 2, flag: false },
      { _id: 'c', n: 0 },
    ])
    return things
  }

  it('matches a scalar against a field or an array holding it, and a number whatever its sign of zero', async () => {
    const things = await seeded()
    expect((await things.find({ tags: 'x' })).map((doc) => doc._id)).toEqual(['a', 'b'])
    expect((await things.find({ tags: 'y', n: 1 })).map((doc) => doc._id)).toEqual(['a'])
    expect((await things.find({ flag: false })).map((doc) => doc._id)).toEqual(['b'])
    expect((await things.find({ n: -0 })).map((doc) => doc._id)).toEqual(['c'])
    expect(await things.find({ missing: 'x' })).toEqual([])
  })

  it('projects included fields with _id unless excluded, in the document order; { _id: 0 } alone excludes', async () => {
    const things = await seeded()
    expect(await things.findOne({ _id: 'a' }, { projection: { n: 1, tags: 1 } })).toEqual({
      _id: 'a',
      tags: ['x', 'y'],
      n: 1,
    })
    expect(Object.keys((await things.findOne({ _id: 'a' }, { projection: { n: 1, tags: 1 } })) ?? {})).toEqual([
      '_id',
      'tags',
      'n',
    ])
    expect(await things.findOne({ _id: 'b' }, { projection: { _id: 0, n: 1 } })).toEqual({ n: 2 })
    expect(await things.findOne({ _id: 'c' }, { projection: { _id: 0, tags: 1 } })).toEqual({})
    expect(await things.findOne({ _id: 'c' }, { projection: { tags: 1 } })).toEqual({ _id: 'c' })
    expect(await things.findOne({ _id: 'c' }, { projection: { _id: 0 } })).toEqual({ n: 0 })
    const projected = await things.findOne({ _id: 'a' }, { projection: { tags: 1 } })
    expect(() => (projected?.tags as string[]).push('z')).toThrow(TypeError)
    expect((await things.findOne({ _id: 'a' }))?.tags).toEqual(['x', 'y'])
  })

  it('$max sets a missing field, raises a smaller one and leaves a larger one', async () => {
    const things = await seeded()
    expect(await things.updateOne({ _id: 'a' }, { $max: { top: 5 } })).toMatchObject({ modifiedCount: 1 })
    expect(await things.updateOne({ _id: 'a' }, { $max: { top: 3 } })).toMatchObject({ modifiedCount: 0 })
    expect(await things.updateOne({ _id: 'a' }, { $max: { top: 7 }, $set: { n: 1 } })).toMatchObject({
      modifiedCount: 1,
    })
    expect(await things.findOne({ _id: 'a' })).toMatchObject({ top: 7, n: 1 })
    // Not numbers: compared in BSON order, as before.
    await things.updateOne({ _id: 'b' }, { $max: { tags: 'y' } })
    expect((await things.findOne({ _id: 'b' }))?.tags).toBe('y')
  })

  it('keeps an index right when an update changes an indexed field, and when it leaves it alone', async () => {
    const things = await seeded()
    await things.createIndex({ keys: { n: 1 } })
    await things.updateOne({ _id: 'a' }, { $set: { other: 1 } })
    expect((await things.find({ n: 1 })).map((doc) => doc._id)).toEqual(['a'])
    await things.updateOne({ _id: 'a' }, { $set: { n: 5 } })
    expect(await things.find({ n: 1 })).toEqual([])
    expect((await things.find({ n: 5 })).map((doc) => doc._id)).toEqual(['a'])
  })

  it('counts through an index the documents the filter matches, after inserts, updates and deletes', async () => {
    const store = await createEmbeddedReadStore()
    const items = store.collection('items')
    await items.createIndex({ keys: { userId: 1, order: 1 } })
    await items.insertMany([
      { _id: '1', userId: 'u', order: 0, tags: ['a'] },
      { _id: '2', userId: 'u', order: 1, tags: ['b'] },
      { _id: '3', userId: 'v', order: 0, tags: ['a'] },
    ])
    await items.updateOne({ _id: '3' }, { $set: { userId: 'u' } })
    await items.deleteOne({ _id: '1' })
    await items.insertOne({ _id: '4', userId: 'w', order: 2 })
    // Each count equals the number of documents `find` returns for the same filter.
    for (const filter of [
      {},
      { userId: 'u' },
      { userId: 'v' },
      { userId: { $in: ['u', 'w'] } },
      { userId: 'u', order: 0 },
      { userId: 'u', tags: 'a' },
      { order: 0 },
    ]) {
      expect(await items.countDocuments(filter), JSON.stringify(filter)).toBe((await items.find(filter)).length)
    }
    expect(await items.countDocuments({ userId: 'u' })).toBe(2)
  })

  it('sorts numbers directly and everything else in BSON order, ties keeping their order', async () => {
    const store = await createEmbeddedReadStore()
    const items = store.collection('items')
    await items.insertMany([
      { _id: 'a', key: 2 },
      { _id: 'b', key: 'text' },
      { _id: 'c', key: -0.5 },
      { _id: 'd' },
      { _id: 'f', key: 2 },
      { _id: 'g', key: null },
      { _id: 'h', key: 10 },
    ])
    // MongoDB's order: missing and null first (mingo puts missing below null), then numbers, then strings. (NaN is left to mingo's
    // comparison as before; no read model stores one, the contracts refuse it.)
    expect((await items.find({}, { sort: { key: 1 } })).map((doc) => doc._id)).toEqual([
      'd',
      'g',
      'c',
      'a',
      'f',
      'h',
      'b',
    ])
    expect((await items.find({}, { sort: { key: -1 } })).map((doc) => doc._id)).toEqual([
      'b',
      'h',
      'a',
      'f',
      'c',
      'g',
      'd',
    ])
  })

  it('tests nulls and $in lists of scalars as mingo does, whatever the field holds', async () => {
    const held: unknown[] = [
      null,
      0,
      -0,
      1,
      1.5,
      '1',
      'a',
      '',
      true,
      false,
      [],
      [null],
      [1, 'a'],
      [[1]],
      { a: 1 },
      [{ a: 1 }],
    ]
    const docs = [{ _id: 'missing' }, ...held.map((value, i) => ({ _id: `d${i}`, value }))]
    const store = await createEmbeddedReadStore()
    const things = store.collection('things')
    await things.insertMany(docs)
    const conditions: unknown[] = [
      null,
      0,
      1,
      '1',
      'a',
      true,
      { $in: [1, 'a'] },
      { $in: [0] },
      { $in: [] },
      { $in: [false, ''] },
      { $in: [null] },
      { $in: [[1]] },
    ]
    for (const condition of conditions) {
      const filter = { value: condition }
      const query = new Query(filter)
      const expected = docs.filter((doc) => query.test(doc)).map((doc) => doc._id)
      expect(
        (await things.find(filter)).map((doc) => doc._id),
        JSON.stringify(condition),
      ).toEqual(expected)
      // With a second field, as the feed asks for reactions: `{ activityId: { $in }, commentId: null }`.
      const both = { value: condition, other: null }
      const bothQuery = new Query(both)
      expect((await things.find(both)).map((doc) => doc._id)).toEqual(
        docs.filter((doc) => bothQuery.test(doc)).map((doc) => doc._id),
      )
    }
  })
})
