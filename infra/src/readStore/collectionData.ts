import { Query } from 'mingo'
import { compare, resolve } from 'mingo/util'
import { deepCopy } from './documentCopy'
import { readable } from './documentFreeze'
import { CollectionIndex, pinnedValues, type IndexDefinition } from './indexes'
import { DuplicateKeyError, sortWithIdLast, type Doc, type Filter, type FindOptions } from './port'
import { SortedViews } from './sortedViews'

/**
 * The documents of one embedded collection with their indexes, and what changed since the last
 * snapshot. Documents held here are private: every way in goes through a copy, and every way out
 * through `readable` (frozen, or a copy).
 */
export class CollectionData {
  readonly docs = new Map<string, Doc>()
  readonly indexes: CollectionIndex[] = []
  /** Ids written since the last snapshot (the document may since have been deleted). */
  readonly changedIds = new Set<string>()
  /** The snapshot must rewrite this collection whole: it is new, or was renamed into its name. */
  rewriteAll: boolean
  indexesChanged = false
  /** Sorted matches kept between reads (`find`); every write below keeps them true. */
  private readonly sortedViews = new SortedViews()
  /**
   * Set while documents of this collection are still in the snapshot file only: the last `_id` read
   * (undefined before the first slice). The store reads the rest before anything uses the collection.
   */
  unread: { after: string | undefined } | undefined

  constructor(
    public name: string,
    private readonly options: {
      fromSnapshot: boolean
      /** Without a snapshot to feed, remembering changed ids would only grow memory. */
      tracksChanges: boolean
    },
  ) {
    this.rewriteAll = !options.fromSnapshot
  }

  /**
   * Stores `next` under `id` (or deletes `id` when `next` is undefined) and returns what was there.
   * Checks every unique index first, so a refused write changes nothing.
   */
  put(id: string, next: Doc | undefined): Doc | undefined {
    const previous = this.docs.get(id)
    if (next !== undefined) {
      for (const index of this.indexes) index.checkUnique(this.name, next)
    }
    for (const index of this.indexes) {
      if (previous !== undefined && next !== undefined && index.sameKeys(previous, next)) continue
      if (previous !== undefined) index.remove(previous)
      if (next !== undefined) index.add(next)
    }
    if (next === undefined) this.docs.delete(id)
    else this.docs.set(id, next)
    this.sortedViews.written(previous, next)
    if (this.options.tracksChanges) this.changedIds.add(id)
    return previous
  }

  /** Documents read from the snapshot: not changes, so nothing to write back or to check again. */
  addFromSnapshot(docs: readonly Doc[]): void {
    this.sortedViews.clear()
    for (const doc of docs) {
      this.docs.set(doc._id, doc)
      for (const index of this.indexes) index.add(doc)
    }
  }

  /** Inserting a taken `_id` is a duplicate key, as in MongoDB. */
  assertIdFree(id: string): void {
    if (this.docs.has(id)) throw new DuplicateKeyError(this.name, '_id_', { _id: id })
  }

  addIndex(definition: IndexDefinition): CollectionIndex {
    this.sortedViews.clear()
    const index = new CollectionIndex(definition)
    for (const doc of this.docs.values()) {
      index.checkUnique(this.name, doc)
      index.add(doc)
    }
    this.indexes.push(index)
    this.indexesChanged = true
    return index
  }

  removeIndex(index: CollectionIndex): void {
    this.sortedViews.clear()
    this.indexes.splice(this.indexes.indexOf(index), 1)
    this.indexesChanged = true
  }

  /** The stored documents matching `filter`, found through an index where the filter allows. */
  matching(filter: Filter): Doc[] {
    const candidates = this.candidates(filter)
    const keys = Object.keys(filter)
    // `{ _id }` or `{ _id: { $in } }` alone is answered by the lookup itself: no query to compile.
    if (keys.length === 1 && keys[0] === '_id' && pinnedValues(filter, '_id') !== undefined) return candidates
    if (keys.length === 0) return candidates
    // Equality on the leading fields of an index and nothing else (`{ userId }`): the index's
    // candidates are the answer, and testing each again cost more than the rest of the read.
    if (this.indexes.some((index) => index.answersExactly(filter))) return candidates
    // Plain equalities, nulls and `$in` lists on top-level fields (most of what projectors and the
    // feed ask) need no compiled query: compiling one per read was a twentieth of a feed page.
    const tests = keys.map((key) => (isPlainField(key) ? simpleTest(filter[key]) : undefined))
    if (tests.every((test) => test !== undefined)) {
      return candidates.filter((doc) => tests.every((test, i) => test(doc[keys[i] ?? ''])))
    }
    const query = new Query(filter)
    return candidates.filter((doc) => query.test(doc))
  }

  /**
   * How many stored documents match `filter`. A filter an index answers exactly (`{ userId }`) is
   * counted by the size of that index's entry, without gathering the documents: a page of a list
   * asks for its total beside its items, and gathering 500 documents only to count them was a
   * share of every watchlist page (docs/performance.md).
   */
  count(filter: Filter): number {
    const keys = Object.keys(filter)
    if (keys.length === 0) return this.docs.size
    if (pinnedValues(filter, '_id') === undefined && this.indexes.some((index) => index.answersExactly(filter)))
      return this.bestIndexCandidates(filter)?.size ?? this.matching(filter).length
    return this.matching(filter).length
  }

  /** Copies of the matching documents, sorted, paged and projected. */
  find(filter: Filter, options: FindOptions = {}): Doc[] {
    const { skip, limit, projection } = options
    const sort = options.sort && sortWithIdLast(options.sort)
    const included = projection === undefined ? undefined : inclusionOnly(projection)
    if (projection === undefined || included !== undefined) {
      const end = limit === undefined || limit === 0 ? undefined : (skip ?? 0) + limit
      const ordered = sort === undefined ? this.matching(filter) : this.sortedMatching(filter, sort)
      const page = ordered.slice(skip ?? 0, end)
      return included === undefined ? page.map(readable) : page.map((doc) => pick(readable(doc), included))
    }
    let cursor = new Query({}).find<Doc>(this.matching(filter), projection)
    if (sort !== undefined) cursor = cursor.sort(sort)
    if (skip !== undefined) cursor = cursor.skip(skip)
    if (limit !== undefined && limit !== 0) cursor = cursor.limit(limit)
    return cursor.all().map(deepCopy)
  }

  /**
   * The matches in `sort` order. Where one index entry answers the filter exactly, the sorted list is
   * kept for the next read (`SortedViews`), which then neither gathers nor sorts the matches.
   */
  private sortedMatching(filter: Filter, sort: Record<string, 1 | -1>): readonly Doc[] {
    if (pinnedValues(filter, '_id') !== undefined) return sorted(this.matching(filter), sort)
    for (const index of this.indexes) {
      const entry = index.exactEntry(filter)
      if (entry === undefined) continue
      const order = JSON.stringify(sort)
      const kept = this.sortedViews.get(index, entry.fieldCount, entry.key, order)
      if (kept !== undefined) return kept
      const docs = sorted(this.matching(filter), sort)
      this.sortedViews.set(index, entry.fieldCount, entry.key, order, docs)
      return docs
    }
    return sorted(this.matching(filter), sort)
  }

  private candidates(filter: Filter): Doc[] {
    const ids = pinnedValues(filter, '_id') ?? this.bestIndexCandidates(filter)
    if (ids === undefined) return [...this.docs.values()]
    const found: Doc[] = []
    for (const id of ids instanceof Set ? ids : new Set(ids)) {
      const doc = typeof id === 'string' ? this.docs.get(id) : undefined
      if (doc !== undefined) found.push(doc)
    }
    return found
  }

  private bestIndexCandidates(filter: Filter): ReadonlySet<string> | undefined {
    let best: ReadonlySet<string> | undefined
    for (const index of this.indexes) {
      const ids = index.candidates(filter)
      if (ids !== undefined && (best === undefined || ids.size < best.size)) best = ids
    }
    return best
  }
}

/**
 * `docs` in MongoDB's sort order, as mingo's `$sort` orders them (its own value comparison, equal
 * keys keeping their order), without building a cursor and a pipeline per read: that machinery was
 * most of the time of a sorted page of 50 from 500 documents (docs/performance.md).
 */
function sorted(docs: Doc[], sort: Record<string, 1 | -1>): Doc[] {
  const fields = Object.entries(sort)
  const rows = docs.map((doc) => ({
    doc,
    keys: fields.map(([field]) => (isPlainField(field) ? doc[field] : resolve(doc, field))),
  }))
  rows.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i])
      if (order !== 0) return fields[i]?.[1] === -1 ? -order : order
    }
    return 0
  })
  return rows.map((row) => row.doc)
}

/**
 * mingo's value comparison, with two numbers (the usual sort key: a list's `order`, a date's time, a
 * rating) compared directly: going through mingo's type ranking for each of the thousands of
 * comparisons of a 500-item sort was most of a sorted page's time.
 */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a) && !Number.isNaN(b))
    return a < b ? -1 : a > b ? 1 : 0
  return compare(a, b)
}

const isPlainField = (key: string) => !key.startsWith('$') && !key.includes('.')

type Scalar = string | number | boolean

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'boolean'
}

/**
 * MongoDB's test of a top-level field for a condition that needs no query engine: `{ field: v }` for a
 * scalar (equal, or an array holding it), `{ field: null }` (null or missing, or an array holding
 * null), `{ field: { $in: [scalars] } }` (equal to one, or an array holding one); undefined for any
 * other condition, which mingo tests.
 */
function simpleTest(condition: unknown): ((held: unknown) => boolean) | undefined {
  if (isScalar(condition)) return (held) => equalsOrContains(held, condition)
  if (condition === null) return (held) => held == null || (Array.isArray(held) && held.includes(null))
  if (typeof condition !== 'object' || Array.isArray(condition)) return undefined
  const operators = Object.keys(condition)
  const list = (condition as { $in?: unknown }).$in
  if (operators.length !== 1 || operators[0] !== '$in' || !Array.isArray(list) || !list.every(isScalar))
    return undefined
  // A Set compares as SameValueZero: 0 and -0 are one value, as in MongoDB; NaN is no scalar here.
  const wanted = new Set<unknown>(list)
  return (held) => wanted.has(held) || (Array.isArray(held) && held.some((element) => wanted.has(element)))
}

/** MongoDB's `{ field: value }` for a scalar value: the field equals it, or is an array holding it. */
function equalsOrContains(held: unknown, wanted: Scalar): boolean {
  return held === wanted || (Array.isArray(held) && held.includes(wanted))
}

/**
 * The top-level fields of an inclusion projection (`{ a: 1, b: 1 }`, `_id` unless `_id: 0`), or
 * undefined for any other projection, which mingo applies.
 */
function inclusionOnly(projection: Record<string, unknown>): string[] | undefined {
  const fields: string[] = []
  let withId = true
  for (const [field, value] of Object.entries(projection)) {
    if (field === '_id' && (value === 0 || value === false)) withId = false
    else if ((value === 1 || value === true) && isPlainField(field)) fields.push(field)
    else return undefined
  }
  // `{ _id: 0 }` alone excludes: everything else is kept.
  if (fields.length === 0) return undefined
  if (withId && !fields.includes('_id')) fields.unshift('_id')
  return fields
}

/** The projected fields of `doc`, in the document's own order as MongoDB returns them. */
function pick(doc: Doc, fields: readonly string[]): Doc {
  const picked: Record<string, unknown> = {}
  // One field has no order to keep: read it, rather than walking every field of the document (the
  // feed picks one field of each of 200 friendships per page). `doc` is as `readable` hands it out.
  if (fields.length === 1) {
    const [field = ''] = fields
    if (Object.hasOwn(doc, field)) picked[field] = doc[field]
    return picked as Doc
  }
  for (const field of Object.keys(doc)) if (fields.includes(field)) picked[field] = doc[field]
  return picked as Doc
}
