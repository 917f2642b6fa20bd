/**
 * What every read store adapter must do, in MongoDB's dialect. Each adapter's spec calls
 * `readStoreContract` with a way to open a store. The suite never assumes the store is empty (a real
 * MongoDB keeps other data): every test works in collections with fresh names.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DuplicateKeyError, type Collection, type Doc, type ReadStore } from './port'

interface Title extends Doc {
  title?: string
  year?: number
  genres?: string[]
  rating?: { imdb?: number; votes?: number }
  cast?: { name: string; role: string }[]
  note?: string | null
}

export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore
    const created: string[] = []

    /** A collection with a name no other test (or earlier run) uses. */
    function fresh<T extends Doc = Title>(label = 'titles'): Collection<T> {
      const collectionName = `${label}_${randomBytes(6).toString('hex')}`
      created.push(collectionName)
      return store.collection<T>(collectionName)
    }

    beforeEach(async () => {
      store = await open()
    })
    afterEach(async () => {
      for (const collectionName of created.splice(0)) await store.dropCollection(collectionName)
      await store.close()
    })

    const dune: Title = {
      _id: 'movie:438631',
      title: 'Dune',
      year: 2021,
      genres: ['sci-fi', 'drama'],
      rating: { imdb: 8.0, votes: 900 },
      cast: [
        { name: 'Timothée Chalamet', role: 'Paul' },
        { name: 'Zendaya', role: 'Chani' },
      ],
    }
    const arrival: Title = {
      _id: 'movie:329865',
      title: 'Arrival',
      year: 2016,
      genres: ['sci-fi'],
      rating: { imdb: 7.9, votes: 800 },
      note: null,
    }
    const amelie: Title = { _id: 'movie:194', title: 'Amélie', year: 2001, genres: ['comedy', 'romance'] }
    const heat: Title = {
      _id: 'movie:949',
      title: 'Heat',
      year: 1995,
      genres: ['crime', 'drama'],
      rating: { imdb: 8.3 },
    }
    const library = [dune, arrival, amelie, heat]

    async function withLibrary(): Promise<Collection<Title>> {
      const titles = fresh()
      await titles.insertMany(library)
      return titles
    }

    async function idsOf(titles: Collection<Title>, filter: Record<string, unknown>): Promise<string[]> {
      return (await titles.find(filter)).map((doc) => doc._id).sort()
    }

    describe('filters', () => {
      it('matches equality, implicit and with $eq', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { year: 2021 })).toEqual([dune._id])
        expect(await idsOf(titles, { title: { $eq: 'Heat' } })).toEqual([heat._id])
        expect(await idsOf(titles, { _id: arrival._id })).toEqual([arrival._id])
        expect(await idsOf(titles, { year: 1900 })).toEqual([])
      })

      it('matches $ne, including documents that lack the field', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { year: { $ne: 2021 } })).toEqual([amelie._id, arrival._id, heat._id].sort())
        expect(await idsOf(titles, { 'rating.votes': { $ne: 900 } })).toEqual(
          [amelie._id, arrival._id, heat._id].sort(),
        )
      })

      it('matches $in and $nin', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { year: { $in: [2001, 1995, 1800] } })).toEqual([amelie._id, heat._id].sort())
        expect(await idsOf(titles, { _id: { $in: [dune._id, 'movie:0'] } })).toEqual([dune._id])
        expect(await idsOf(titles, { year: { $nin: [2001, 1995] } })).toEqual([arrival._id, dune._id].sort())
        expect(await idsOf(titles, { genres: { $in: ['crime', 'comedy'] } })).toEqual([amelie._id, heat._id].sort())
      })

      it('compares with $gt, $gte, $lt and $lte, on numbers and strings', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { year: { $gt: 2016 } })).toEqual([dune._id])
        expect(await idsOf(titles, { year: { $gte: 2016 } })).toEqual([arrival._id, dune._id].sort())
        expect(await idsOf(titles, { year: { $lt: 2001 } })).toEqual([heat._id])
        expect(await idsOf(titles, { year: { $lte: 2001 } })).toEqual([amelie._id, heat._id].sort())
        expect(await idsOf(titles, { year: { $gt: 1995, $lt: 2021 } })).toEqual([amelie._id, arrival._id].sort())
        expect(await idsOf(titles, { title: { $gte: 'B', $lt: 'H' } })).toEqual([dune._id])
      })

      it('tests presence with $exists, and null matches a missing field', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { rating: { $exists: true } })).toEqual([arrival._id, dune._id, heat._id].sort())
        expect(await idsOf(titles, { rating: { $exists: false } })).toEqual([amelie._id])
        expect(await idsOf(titles, { note: { $exists: true } })).toEqual([arrival._id])
        expect(await idsOf(titles, { note: null })).toEqual(library.map((doc) => doc._id).sort())
      })

      it('combines conditions with $and and $or', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { $and: [{ genres: 'drama' }, { year: { $gt: 2000 } }] })).toEqual([dune._id])
        expect(await idsOf(titles, { $or: [{ year: 2001 }, { 'rating.imdb': { $gte: 8.1 } }] })).toEqual(
          [amelie._id, heat._id].sort(),
        )
        expect(await idsOf(titles, { genres: 'sci-fi', $or: [{ year: 2016 }, { year: 1995 }] })).toEqual([arrival._id])
      })

      it('follows dotted paths into embedded documents and arrays of documents', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { 'rating.imdb': { $gt: 7.95 } })).toEqual([dune._id, heat._id].sort())
        expect(await idsOf(titles, { 'cast.name': 'Zendaya' })).toEqual([dune._id])
        expect(await idsOf(titles, { 'cast.0.role': 'Paul' })).toEqual([dune._id])
      })

      it('matches an array field by any element, by whole value, and with $elemMatch and $all', async () => {
        const titles = await withLibrary()
        expect(await idsOf(titles, { genres: 'drama' })).toEqual([dune._id, heat._id].sort())
        expect(await idsOf(titles, { genres: ['comedy', 'romance'] })).toEqual([amelie._id])
        expect(await idsOf(titles, { cast: { $elemMatch: { name: 'Zendaya', role: 'Chani' } } })).toEqual([dune._id])
        expect(await idsOf(titles, { cast: { $elemMatch: { name: 'Zendaya', role: 'Paul' } } })).toEqual([])
        expect(await idsOf(titles, { genres: { $all: ['drama', 'sci-fi'] } })).toEqual([dune._id])
      })

      it('finds nothing in a collection that does not exist', async () => {
        const missing = fresh('missing')
        expect(await missing.find({})).toEqual([])
        expect(await missing.findOne({ _id: 'x' })).toBeNull()
        expect(await missing.countDocuments()).toBe(0)
      })
    })

    describe('sort, skip, limit and projection', () => {
      it('sorts ascending and descending, on several keys', async () => {
        const titles = await withLibrary()
        const byYear = await titles.find({}, { sort: { year: 1 } })
        expect(byYear.map((doc) => doc.year)).toEqual([1995, 2001, 2016, 2021])
        const byYearDesc = await titles.find({}, { sort: { year: -1 } })
        expect(byYearDesc.map((doc) => doc.year)).toEqual([2021, 2016, 2001, 1995])
        const shows = fresh('shows')
        await shows.insertMany([
          { _id: 'a', year: 2020, title: 'B' },
          { _id: 'b', year: 2019, title: 'Z' },
          { _id: 'c', year: 2020, title: 'A' },
        ])
        const sorted = await shows.find({}, { sort: { year: -1, title: 1 } })
        expect(sorted.map((doc) => doc._id)).toEqual(['c', 'a', 'b'])
      })

      it('breaks ties by _id, so that pages read with skip neither repeat nor miss a document', async () => {
        const watches = fresh('watches')
        await watches.insertMany([
          { _id: 'd', day: 2 },
          { _id: 'b', day: 1 },
          { _id: 'c', day: 2 },
          { _id: 'a', day: 2 },
        ])
        const pages = [0, 2].map((skip) => watches.find({}, { sort: { day: -1 }, skip, limit: 2 }))
        expect((await Promise.all(pages)).flat().map((doc) => doc._id)).toEqual(['a', 'c', 'd', 'b'])
        const named = await watches.find({}, { sort: { day: 1, _id: -1 } })
        expect(named.map((doc) => doc._id)).toEqual(['b', 'd', 'c', 'a'])
      })

      it('pages with skip and limit after sorting', async () => {
        const titles = await withLibrary()
        const page = await titles.find({}, { sort: { year: 1 }, skip: 1, limit: 2 })
        expect(page.map((doc) => doc._id)).toEqual([amelie._id, arrival._id])
        expect(await titles.find({}, { sort: { year: 1 }, skip: 10 })).toEqual([])
        expect(await titles.find({ genres: 'drama' }, { limit: 5 })).toHaveLength(2)
      })

      it('projects included fields (with _id unless excluded) or excluded fields', async () => {
        const titles = await withLibrary()
        expect(await titles.findOne({ _id: dune._id }, { projection: { title: 1, 'rating.imdb': 1 } })).toEqual({
          _id: dune._id,
          title: 'Dune',
          rating: { imdb: 8.0 },
        })
        expect(await titles.findOne({ _id: heat._id }, { projection: { _id: 0, year: 1 } })).toEqual({ year: 1995 })
        expect(await titles.findOne({ _id: amelie._id }, { projection: { genres: 0, year: 0 } })).toEqual({
          _id: amelie._id,
          title: 'Amélie',
        })
      })

      it('sorts by a field that the projection leaves out', async () => {
        const titles = await withLibrary()
        const names = await titles.find({}, { sort: { year: -1 }, projection: { title: 1, _id: 0 } })
        expect(names).toEqual([{ title: 'Dune' }, { title: 'Arrival' }, { title: 'Amélie' }, { title: 'Heat' }])
      })

      it('finds one document, the first in the given order', async () => {
        const titles = await withLibrary()
        expect((await titles.findOne({ genres: 'drama' }, { sort: { year: 1 } }))?._id).toBe(heat._id)
        expect((await titles.findOne({ genres: 'drama' }, { sort: { year: -1 } }))?._id).toBe(dune._id)
        expect(await titles.findOne({ genres: 'western' })).toBeNull()
      })
    })

    describe('counting', () => {
      it('counts all documents or those that match', async () => {
        const titles = await withLibrary()
        expect(await titles.countDocuments()).toBe(4)
        expect(await titles.countDocuments({})).toBe(4)
        expect(await titles.countDocuments({ genres: 'sci-fi' })).toBe(2)
        expect(await titles.countDocuments({ year: { $gt: 3000 } })).toBe(0)
      })
    })

    describe('inserts', () => {
      it('stores inserted documents as given', async () => {
        const titles = fresh()
        await titles.insertOne(dune)
        await titles.insertMany([arrival, amelie])
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
        expect(await titles.find({}, { sort: { year: 1 } })).toEqual([amelie, arrival, dune])
      })

      it('keeps unicode, nested arrays, nulls, booleans and numbers exactly', async () => {
        const titles = fresh<Doc>('odd')
        const odd = {
          _id: 'odd',
          text: 'Zoë — «日本» 🎬',
          nested: [[1, 2], { deep: [null, true, false] }],
          n: -0.5,
          big: 2 ** 40,
        }
        await titles.insertOne(odd)
        expect(await titles.findOne({ _id: 'odd' })).toEqual(odd)
      })

      it('refuses a document whose _id is taken, with a DuplicateKeyError', async () => {
        const titles = await withLibrary()
        const error = await captureError(titles.insertOne({ ...dune, title: 'Dune (copy)' }))
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
      })

      it('refuses insertMany that repeats an _id and stores none of the refused document', async () => {
        const titles = fresh()
        const error = await captureError(titles.insertMany([dune, { ...dune, title: 'again' }]))
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect(await titles.countDocuments({ title: 'again' })).toBe(0)
      })
    })

    describe('updates', () => {
      it('sets fields, dotted paths creating embedded documents', async () => {
        const titles = await withLibrary()
        const result = await titles.updateOne({ _id: amelie._id }, { $set: { year: 2002, 'rating.imdb': 8.3 } })
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null })
        expect(await titles.findOne({ _id: amelie._id })).toEqual({ ...amelie, year: 2002, rating: { imdb: 8.3 } })
      })

      it('unsets, increments, pushes, pulls, adds to sets and renames', async () => {
        const titles = await withLibrary()
        await titles.updateOne(
          { _id: dune._id },
          { $unset: { cast: '' }, $inc: { 'rating.votes': 5, views: 1 }, $push: { genres: 'epic' } },
        )
        await titles.updateOne({ _id: dune._id }, { $pull: { genres: 'drama' }, $rename: { title: 'name' } })
        await titles.updateOne({ _id: dune._id }, { $addToSet: { genres: 'sci-fi' } })
        await titles.updateOne({ _id: dune._id }, { $addToSet: { genres: 'space' } })
        expect(await titles.findOne({ _id: dune._id })).toEqual({
          _id: dune._id,
          name: 'Dune',
          year: 2021,
          genres: ['sci-fi', 'epic', 'space'],
          rating: { imdb: 8.0, votes: 905 },
          views: 1,
        })
      })

      it('pushes with $each and pulls by condition', async () => {
        const titles = await withLibrary()
        await titles.updateOne({ _id: heat._id }, { $push: { genres: { $each: ['thriller', 'heist'] } } })
        await titles.updateOne({ _id: heat._id }, { $pull: { genres: { $in: ['crime', 'heist'] } } })
        expect((await titles.findOne({ _id: heat._id }))?.genres).toEqual(['drama', 'thriller'])
      })

      it('updates the matched array element with the positional $', async () => {
        const titles = await withLibrary()
        await titles.updateOne({ _id: dune._id, 'cast.name': 'Zendaya' }, { $set: { 'cast.$.role': 'Chani Kynes' } })
        expect((await titles.findOne({ _id: dune._id }))?.cast).toEqual([
          { name: 'Timothée Chalamet', role: 'Paul' },
          { name: 'Zendaya', role: 'Chani Kynes' },
        ])
      })

      it('counts a match that changes nothing as matched but not modified', async () => {
        const titles = await withLibrary()
        expect(await titles.updateOne({ _id: heat._id }, { $set: { year: 1995 } })).toEqual({
          matchedCount: 1,
          modifiedCount: 0,
          upsertedId: null,
        })
        expect(await titles.updateOne({ _id: 'movie:0' }, { $set: { year: 1 } })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: null,
        })
        expect(await titles.countDocuments()).toBe(4)
      })

      it('counts unsetting a missing field or setting an equal embedded value as no modification', async () => {
        const titles = await withLibrary()
        expect(await titles.updateOne({ _id: amelie._id }, { $unset: { rating: '' } })).toMatchObject({
          modifiedCount: 0,
        })
        expect(
          await titles.updateOne({ _id: dune._id }, { $set: { rating: { imdb: 8.0, votes: 900 }, year: 2021 } }),
        ).toMatchObject({ matchedCount: 1, modifiedCount: 0 })
        expect(await titles.updateOne({ _id: dune._id }, { $inc: { year: 0 } })).toMatchObject({ modifiedCount: 0 })
      })

      it('refuses to increment a field that is not a number, changing nothing', async () => {
        const titles = await withLibrary()
        await expect(titles.updateOne({ _id: dune._id }, { $inc: { title: 1, year: 1 } })).rejects.toThrow()
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
      })

      it('updates one document with updateOne and every match with updateMany', async () => {
        const titles = await withLibrary()
        const one = await titles.updateOne({ genres: 'drama' }, { $set: { seen: true } })
        expect(one).toMatchObject({ matchedCount: 1, modifiedCount: 1 })
        expect(await titles.countDocuments({ seen: true })).toBe(1)
        const many = await titles.updateMany({ genres: 'sci-fi' }, { $inc: { watchers: 2 } })
        expect(many).toEqual({ matchedCount: 2, modifiedCount: 2, upsertedId: null })
        expect(await idsOf(titles, { watchers: 2 })).toEqual([arrival._id, dune._id].sort())
        const none = await titles.updateMany({ year: 1 }, { $set: { seen: false } })
        expect(none).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: null })
      })

      it('refuses an update without operators, and one that changes _id', async () => {
        const titles = await withLibrary()
        await expect(titles.updateOne({ _id: dune._id }, { title: 'Dune' })).rejects.toThrow()
        await expect(titles.updateOne({ _id: dune._id }, { $set: { _id: 'movie:1' } })).rejects.toThrow()
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
        expect(await titles.findOne({ _id: 'movie:1' })).toBeNull()
      })
    })

    describe('upserts', () => {
      it('inserts from the filter, $set and $setOnInsert when nothing matches, and returns the id', async () => {
        const watchlist = fresh<Doc>('watchlist')
        const result = await watchlist.updateOne(
          { _id: 'u1:movie:438631', userId: 'u1' },
          { $set: { note: 'with friends' }, $setOnInsert: { addedAt: '2026-01-01' } },
          { upsert: true },
        )
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'u1:movie:438631' })
        expect(await watchlist.findOne({ _id: 'u1:movie:438631' })).toEqual({
          _id: 'u1:movie:438631',
          userId: 'u1',
          note: 'with friends',
          addedAt: '2026-01-01',
        })
      })

      it('updates when something matches and leaves $setOnInsert alone', async () => {
        const watchlist = fresh<Doc>('watchlist')
        await watchlist.insertOne({ _id: 'w1', note: 'old', addedAt: '2025-01-01' })
        const result = await watchlist.updateOne(
          { _id: 'w1' },
          { $set: { note: 'new' }, $setOnInsert: { addedAt: '2026-01-01' } },
          { upsert: true },
        )
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null })
        expect(await watchlist.findOne({ _id: 'w1' })).toEqual({ _id: 'w1', note: 'new', addedAt: '2025-01-01' })
      })

      it('gives an upserted document without an _id in the filter a new string id', async () => {
        const counters = fresh<Doc>('counters')
        const result = await counters.updateOne({ 'key.name': 'visits' }, { $inc: { count: 1 } }, { upsert: true })
        expect(typeof result.upsertedId).toBe('string')
        expect(await counters.findOne({ _id: result.upsertedId })).toEqual({
          _id: result.upsertedId,
          key: { name: 'visits' },
          count: 1,
        })
        await counters.updateOne({ 'key.name': 'visits' }, { $inc: { count: 1 } }, { upsert: true })
        expect(await counters.find({})).toEqual([{ _id: result.upsertedId, key: { name: 'visits' }, count: 2 }])
      })

      it('upserts 1,000 documents by _id, each readable afterwards', async () => {
        const progress = fresh<Doc>('progress')
        for (let i = 0; i < 1000; i++) {
          await progress.updateOne({ _id: `user:${i % 250}` }, { $inc: { episodes: 1 } }, { upsert: true })
        }
        expect(await progress.countDocuments()).toBe(250)
        expect(await progress.countDocuments({ episodes: 4 })).toBe(250)
      })
    })

    describe('replaceOne', () => {
      it('replaces the whole matched document and keeps its _id', async () => {
        const titles = await withLibrary()
        const result = await titles.replaceOne({ title: 'Heat' }, { _id: heat._id, title: 'Heat (1995)' })
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null })
        expect(await titles.findOne({ _id: heat._id })).toEqual({ _id: heat._id, title: 'Heat (1995)' })
      })

      it('inserts with upsert when nothing matches, and does nothing without it', async () => {
        const titles = fresh()
        expect(await titles.replaceOne({ _id: amelie._id }, amelie)).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: null,
        })
        expect(await titles.countDocuments()).toBe(0)
        expect(await titles.replaceOne({ _id: amelie._id }, amelie, { upsert: true })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: amelie._id,
        })
        expect(await titles.findOne({ _id: amelie._id })).toEqual(amelie)
      })

      it('refuses a replacement that contains update operators', async () => {
        const titles = await withLibrary()
        await expect(titles.replaceOne({ _id: dune._id }, { _id: dune._id, $set: { year: 1 } })).rejects.toThrow()
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
      })
    })

    describe('deletes', () => {
      it('deletes one match with deleteOne and every match with deleteMany', async () => {
        const titles = await withLibrary()
        expect(await titles.deleteOne({ genres: 'sci-fi' })).toEqual({ deletedCount: 1 })
        expect(await titles.countDocuments({ genres: 'sci-fi' })).toBe(1)
        expect(await titles.deleteOne({ _id: 'movie:0' })).toEqual({ deletedCount: 0 })
        expect(await titles.deleteMany({ year: { $lt: 2010 } })).toEqual({ deletedCount: 2 })
        expect(await titles.countDocuments()).toBe(1)
        expect(await titles.deleteMany()).toEqual({ deletedCount: 1 })
        expect(await titles.find({})).toEqual([])
      })
    })

    describe('indexes', () => {
      it('creates an index idempotently, and queries through it find what a scan finds', async () => {
        const titles = await withLibrary()
        await titles.createIndex({ keys: { genres: 1 } })
        await titles.createIndex({ keys: { genres: 1 } })
        await titles.createIndex({ keys: { year: -1, title: 1 } })
        await titles.createIndex({ keys: { year: -1, title: 1 } })
        await titles.insertOne({ _id: 'movie:1', genres: ['drama'], year: 2021, title: 'Another' })
        expect(await idsOf(titles, { genres: 'drama' })).toEqual([dune._id, heat._id, 'movie:1'].sort())
        expect(await idsOf(titles, { genres: { $in: ['comedy', 'crime'] } })).toEqual([amelie._id, heat._id].sort())
        expect(await idsOf(titles, { year: 2021 })).toEqual([dune._id, 'movie:1'].sort())
        expect(await idsOf(titles, { year: 2021, title: 'Dune' })).toEqual([dune._id])
        expect(await idsOf(titles, { year: 2021, title: { $ne: 'Dune' } })).toEqual(['movie:1'])
        await titles.updateOne({ _id: 'movie:1' }, { $set: { year: 1999 } })
        expect(await idsOf(titles, { year: 2021 })).toEqual([dune._id])
        await titles.deleteOne({ _id: dune._id })
        expect(await idsOf(titles, { year: 2021 })).toEqual([])
      })

      it('refuses an insert that repeats a unique key, leaving the data unchanged', async () => {
        const users = fresh<Doc>('users')
        await users.createIndex({ keys: { email: 1 }, unique: true, name: 'email_unique' })
        await users.insertOne({ _id: 'u1', email: 'ana@example.com' })
        const error = await captureError(users.insertOne({ _id: 'u2', email: 'ana@example.com' }))
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect(error).toMatchObject({ index: 'email_unique', key: { email: 'ana@example.com' } })
        expect((error as DuplicateKeyError).collection).toContain(users.name)
        expect(await users.find({})).toEqual([{ _id: 'u1', email: 'ana@example.com' }])
      })

      it('refuses an update that repeats a unique key, leaving the document unchanged', async () => {
        const users = fresh<Doc>('users')
        await users.createIndex({ keys: { email: 1 }, unique: true })
        await users.insertMany([
          { _id: 'u1', email: 'ana@example.com', name: 'Ana' },
          { _id: 'u2', email: 'bo@example.com', name: 'Bo' },
        ])
        const error = await captureError(
          users.updateOne({ _id: 'u2' }, { $set: { email: 'ana@example.com', name: 'X' } }),
        )
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect(error).toMatchObject({ index: 'email_1' })
        const replaced = await captureError(users.replaceOne({ _id: 'u2' }, { _id: 'u2', email: 'ana@example.com' }))
        expect(replaced).toBeInstanceOf(DuplicateKeyError)
        expect(await users.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'u1', email: 'ana@example.com', name: 'Ana' },
          { _id: 'u2', email: 'bo@example.com', name: 'Bo' },
        ])
      })

      it('refuses an upsert that would insert a repeated unique key', async () => {
        const users = fresh<Doc>('users')
        await users.createIndex({ keys: { email: 1 }, unique: true })
        await users.insertOne({ _id: 'u1', email: 'ana@example.com' })
        const error = await captureError(
          users.updateOne({ _id: 'u2' }, { $set: { email: 'ana@example.com' } }, { upsert: true }),
        )
        expect(error).toBeInstanceOf(DuplicateKeyError)
        const onId = await captureError(
          users.updateOne({ _id: 'u1', email: 'other@example.com' }, { $set: { n: 1 } }, { upsert: true }),
        )
        expect(onId).toBeInstanceOf(DuplicateKeyError)
        expect(await users.find({})).toEqual([{ _id: 'u1', email: 'ana@example.com' }])
      })

      it('frees a unique key when its holder changes it or is deleted', async () => {
        const users = fresh<Doc>('users')
        await users.createIndex({ keys: { email: 1 }, unique: true })
        await users.insertOne({ _id: 'u1', email: 'ana@example.com' })
        await users.updateOne({ _id: 'u1' }, { $set: { email: 'ana@new.example.com' } })
        await users.insertOne({ _id: 'u2', email: 'ana@example.com' })
        await users.deleteOne({ _id: 'u2' })
        await users.insertOne({ _id: 'u3', email: 'ana@example.com' })
        expect(await idsOf(users as Collection<Title>, {})).toEqual(['u1', 'u3'])
      })

      it('enforces a compound unique index on the combination only', async () => {
        const ratings = fresh<Doc>('ratings')
        await ratings.createIndex({ keys: { userId: 1, mediaKey: 1 }, unique: true })
        await ratings.insertOne({ _id: 'r1', userId: 'u1', mediaKey: 'movie:1', stars: 4 })
        await ratings.insertOne({ _id: 'r2', userId: 'u1', mediaKey: 'movie:2', stars: 3 })
        await ratings.insertOne({ _id: 'r3', userId: 'u2', mediaKey: 'movie:1', stars: 5 })
        const error = await captureError(ratings.insertOne({ _id: 'r4', userId: 'u1', mediaKey: 'movie:1' }))
        expect(error).toBeInstanceOf(DuplicateKeyError)
        expect(error).toMatchObject({ index: 'userId_1_mediaKey_1' })
        expect(await ratings.countDocuments()).toBe(3)
        expect(await ratings.countDocuments({ userId: 'u1' })).toBe(2)
      })

      it('refuses a unique index over data that already repeats the key', async () => {
        const users = fresh<Doc>('users')
        await users.insertMany([
          { _id: 'u1', email: 'ana@example.com' },
          { _id: 'u2', email: 'ana@example.com' },
        ])
        expect(await captureError(users.createIndex({ keys: { email: 1 }, unique: true }))).toBeInstanceOf(
          DuplicateKeyError,
        )
        await users.insertOne({ _id: 'u3', email: 'ana@example.com' })
        expect(await users.countDocuments()).toBe(3)
      })
    })

    describe('collections', () => {
      it('lists collections that hold data or indexes, not those merely named', async () => {
        const written = fresh<Doc>('written')
        const indexed = fresh<Doc>('indexed')
        const named = fresh<Doc>('named')
        await written.insertOne({ _id: 'a' })
        await indexed.createIndex({ keys: { x: 1 } })
        await named.findOne({})
        const names = await store.listCollections()
        expect(names).toContain(written.name)
        expect(names).toContain(indexed.name)
        expect(names).not.toContain(named.name)
      })

      it('drops a collection with its documents and indexes; dropping a missing one is fine', async () => {
        const users = fresh<Doc>('users')
        await users.createIndex({ keys: { email: 1 }, unique: true })
        await users.insertOne({ _id: 'u1', email: 'ana@example.com' })
        await store.dropCollection(users.name)
        await store.dropCollection(users.name)
        expect(await store.listCollections()).not.toContain(users.name)
        expect(await users.find({})).toEqual([])
        await users.insertMany([
          { _id: 'u1', email: 'ana@example.com' },
          { _id: 'u2', email: 'ana@example.com' },
        ])
        expect(await users.countDocuments()).toBe(2)
      })

      it('renames a collection over an existing one, moving documents and indexes', async () => {
        const live = fresh<Doc>('live')
        const rebuilt = fresh<Doc>('rebuild')
        await live.insertMany([{ _id: 'old1' }, { _id: 'old2' }])
        await rebuilt.createIndex({ keys: { email: 1 }, unique: true })
        await rebuilt.insertOne({ _id: 'new1', email: 'ana@example.com' })

        await store.renameCollection(rebuilt.name, live.name)

        expect(await live.find({})).toEqual([{ _id: 'new1', email: 'ana@example.com' }])
        expect(await rebuilt.find({})).toEqual([])
        const names = await store.listCollections()
        expect(names).toContain(live.name)
        expect(names).not.toContain(rebuilt.name)
        expect(await captureError(live.insertOne({ _id: 'new2', email: 'ana@example.com' }))).toBeInstanceOf(
          DuplicateKeyError,
        )
      })

      it('swapping in a rebuild that never created its collection leaves the target empty', async () => {
        const live = fresh<Doc>('live')
        const emptyRebuild = fresh<Doc>('rebuild')
        await live.insertOne({ _id: 'stale' })
        await store.renameCollection(emptyRebuild.name, live.name)
        expect(await live.find({})).toEqual([])
        expect(await store.listCollections()).not.toContain(emptyRebuild.name)
      })

      it('renames a collection to a free name', async () => {
        const from = fresh<Doc>('from')
        const to = fresh<Doc>('to')
        await from.insertOne({ _id: 'a', n: 1 })
        await store.renameCollection(from.name, to.name)
        expect(await to.find({})).toEqual([{ _id: 'a', n: 1 }])
        expect(await store.listCollections()).not.toContain(from.name)
      })
    })

    describe('copies', () => {
      it('changing a found document does not change the store (a copy changes, or a frozen one refuses)', async () => {
        const titles = await withLibrary()
        const found = await titles.findOne({ _id: dune._id })
        // MongoDB answers copies; the embedded store answers its documents frozen, and writing to
        // one throws. Either way the store keeps what was written.
        attempt(() => found?.genres?.push('changed'))
        attempt(() => {
          if (found?.rating) found.rating.imdb = 1
        })
        const [listed] = await titles.find({ _id: dune._id }, { projection: { rating: 1 } })
        attempt(() => {
          if (listed?.rating) listed.rating.votes = 0
        })
        expect(await titles.findOne({ _id: dune._id })).toEqual(dune)
      })

      it('keeps copies: changing an inserted document or an update value afterwards does not change the store', async () => {
        const titles = fresh()
        const doc: Title = structuredClone(arrival)
        await titles.insertOne(doc)
        doc.genres?.push('changed')
        const rating = { imdb: 9, votes: 1 }
        await titles.updateOne({ _id: arrival._id }, { $set: { rating } })
        rating.imdb = 0
        const replacement: Title = { _id: 'movie:1', genres: ['a'] }
        await titles.replaceOne({ _id: 'movie:1' }, replacement, { upsert: true })
        replacement.genres?.push('b')
        expect(await titles.findOne({ _id: arrival._id })).toEqual({ ...arrival, rating: { imdb: 9, votes: 1 } })
        expect(await titles.findOne({ _id: 'movie:1' })).toEqual({ _id: 'movie:1', genres: ['a'] })
      })
    })

    describe('atomically', () => {
      it("returns the work's result, with its writes and checkpoint visible afterwards", async () => {
        const items = fresh<Doc>('items')
        const checkpoints = fresh<Doc>('checkpoints')
        const result = await store.atomically(async () => {
          await items.updateOne({ _id: 'i1' }, { $set: { n: 1 } }, { upsert: true })
          await checkpoints.updateOne({ _id: 'items' }, { $set: { position: 42 } }, { upsert: true })
          return 'done'
        })
        expect(result).toBe('done')
        expect(await items.findOne({ _id: 'i1' })).toEqual({ _id: 'i1', n: 1 })
        expect(await checkpoints.findOne({ _id: 'items' })).toEqual({ _id: 'items', position: 42 })
      })

      it("passes the work's error on", async () => {
        const items = fresh<Doc>('items')
        await items.insertOne({ _id: 'i0' })
        const failure = new Error('projector failed')
        await expect(
          store.atomically(async () => {
            await items.insertOne({ _id: 'i1' })
            throw failure
          }),
        ).rejects.toBe(failure)
      })
    })
  })
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

/** Runs `change`, which may throw: a frozen document refuses to be written to. */
function attempt(change: () => unknown): void {
  try {
    change()
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
  }
}
