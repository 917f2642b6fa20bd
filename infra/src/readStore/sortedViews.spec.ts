import { describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from './embeddedReadStore'
import type { Doc } from './port'

type Item = Doc & { userId: string; order: number; title: string; slug: string }

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state % below
  }
}

const sorts: Record<string, 1 | -1>[] = [{ order: 1 }, { order: -1 }, { title: 1, order: -1 }]

/** What sorting the matches again gives: a stable sort of the unsorted answer, which is in match order. */
function sortedAgain(docs: Item[], sort: Record<string, 1 | -1>): Item[] {
  const fields = Object.entries(sort)
  return [...docs].sort((a, b) => {
    for (const [field, direction] of fields) {
      const [x, y] = [a[field], b[field]] as [string | number, string | number]
      if (x !== y) return (x < y ? -1 : 1) * direction
    }
    // Ties by _id, as the port orders them.
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0
  })
}

describe('sorted lists kept between reads', () => {
  it('answer every sorted page as sorting again would, through inserts, updates, moves, deletes and a refused write', async () => {
    const store = await createEmbeddedReadStore()
    const items = store.collection<Item>('items')
    await items.createIndex({ keys: { userId: 1, order: 1 } })
    await items.createIndex({ keys: { userId: 1, slug: 1 }, unique: true })
    const next = random(7)
    const users = ['u0', 'u1', 'u2']
    let made = 0
    const anyId = async () => (await items.find({}))[next(Math.max(1, made))]?._id ?? 'none'

    for (let step = 0; step < 400; step++) {
      const userId = users[next(users.length)] ?? 'u0'
      switch (next(6)) {
        case 0:
        case 1:
          made += 1
          await items.insertOne({ _id: `i${made}`, userId, order: next(5), title: `t${next(4)}`, slug: `s${made}` })
          break
        case 2:
          await items.updateOne({ _id: await anyId() }, { $set: { order: next(5) } })
          break
        case 3:
          await items.updateOne({ _id: await anyId() }, { $set: next(2) ? { title: `t${next(4)}` } : { userId } })
          break
        case 4:
          await items.deleteOne({ _id: await anyId() })
          break
        case 5: {
          // A unit that writes, then fails on the unique index: rolled back, the lists must be too.
          const taken = (await items.find({ userId }))[0]
          await expect(
            store.atomically(async () => {
              made += 1
              await items.insertOne({ _id: `i${made}`, userId, order: 0, title: 't0', slug: `s${made}` })
              await items.updateOne({ _id: await anyId() }, { $set: { order: 9 } })
              if (taken) await items.insertOne({ _id: `dup${made}`, userId, order: 1, title: 't1', slug: taken.slug })
              else throw new Error('nothing to collide with')
            }),
          ).rejects.toThrow()
          break
        }
      }
      for (const user of users) {
        const unsorted = await items.find({ userId: user })
        for (const sort of sorts) {
          const expected = sortedAgain(unsorted, sort)
          expect(await items.find({ userId: user }, { sort }), `step ${step}, ${user}`).toEqual(expected)
          expect(await items.find({ userId: user }, { sort, skip: 1, limit: 2 })).toEqual(expected.slice(1, 3))
        }
      }
    }
  })

  it('give their own arrays of frozen documents: changing an answer changes neither the store nor the next answer', async () => {
    const store = await createEmbeddedReadStore()
    const items = store.collection<Item>('items')
    await items.createIndex({ keys: { userId: 1, order: 1 } })
    await items.insertMany([
      { _id: 'a', userId: 'u', order: 2, title: 'A', slug: 'a' },
      { _id: 'b', userId: 'u', order: 1, title: 'B', slug: 'b' },
    ])
    const first = await items.find({ userId: 'u' }, { sort: { order: 1 } })
    expect(() => (first[0]!.title = 'changed')).toThrow(TypeError)
    first.reverse()
    expect((await items.find({ userId: 'u' }, { sort: { order: 1 } })).map((doc) => doc.title)).toEqual(['B', 'A'])
  })

  it('stay right past the number of lists a collection keeps', async () => {
    const store = await createEmbeddedReadStore()
    const items = store.collection<Item>('items')
    await items.createIndex({ keys: { userId: 1, order: 1 } })
    for (let n = 0; n < 1_100; n++) {
      await items.insertMany([
        { _id: `${n}a`, userId: `u${n}`, order: 2, title: 'A', slug: 'a' },
        { _id: `${n}b`, userId: `u${n}`, order: 1, title: 'B', slug: 'b' },
      ])
      await items.find({ userId: `u${n}` }, { sort: { order: 1 } })
    }
    // The first lists were dropped to keep at most a thousand; the writes below must show either way.
    for (const n of [0, 50, 1_099]) {
      await items.updateOne({ _id: `${n}a` }, { $set: { order: 0 } })
      expect((await items.find({ userId: `u${n}` }, { sort: { order: 1 } })).map((doc) => doc._id)).toEqual([
        `${n}a`,
        `${n}b`,
      ])
    }
  })
})
