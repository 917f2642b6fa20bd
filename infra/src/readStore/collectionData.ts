import { Query } from 'mingo'
import { deepCopy } from './documentCopy'
import { CollectionIndex, pinnedValues, type IndexDefinition } from './indexes'
import { DuplicateKeyError, type Doc, type Filter, type FindOptions } from './port'

/**
 * The documents of one embedded collection with their indexes, and what changed since the last
 * snapshot. Documents held here are private: every way in and out goes through a copy.
 */
export class CollectionData {
  readonly docs = new Map<string, Doc>()
  readonly indexes: CollectionIndex[] = []
  /** Ids written since the last snapshot (the document may since have been deleted). */
  readonly changedIds = new Set<string>()
  /** The snapshot must rewrite this collection whole: it is new, or was renamed into its name. */
  rewriteAll: boolean
  indexesChanged = false

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
    if (this.options.tracksChanges) this.changedIds.add(id)
    return previous
  }

  /** Inserting a taken `_id` is a duplicate key, as in MongoDB. */
  assertIdFree(id: string): void {
    if (this.docs.has(id)) throw new DuplicateKeyError(this.name, '_id_', { _id: id })
  }

  addIndex(definition: IndexDefinition): CollectionIndex {
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
    this.indexes.splice(this.indexes.indexOf(index), 1)
    this.indexesChanged = true
  }

  /** The stored documents matching `filter`, found through an index where the filter allows. */
  matching(filter: Filter): Doc[] {
    const candidates = this.candidates(filter)
    const keys = Object.keys(filter)
    // `{ _id }` alone is answered by the lookup itself: no query to compile.
    if (keys.length === 1 && keys[0] === '_id' && typeof filter._id === 'string') return candidates
    if (keys.length === 0) return candidates
    // Plain equalities on top-level fields (most of what projectors ask) need no compiled query.
    if (keys.every((key) => isPlainField(key) && isScalar(filter[key])))
      return candidates.filter((doc) => keys.every((key) => equalsOrContains(doc[key], filter[key] as Scalar)))
    const query = new Query(filter)
    return candidates.filter((doc) => query.test(doc))
  }

  /** Copies of the matching documents, sorted, paged and projected. */
  find(filter: Filter, options: FindOptions = {}): Doc[] {
    const matches = this.matching(filter)
    const { sort, skip, limit, projection } = options
    const included = projection === undefined ? undefined : inclusionOnly(projection)
    if (sort === undefined && (projection === undefined || included !== undefined)) {
      const end = limit === undefined || limit === 0 ? undefined : (skip ?? 0) + limit
      const page = matches.slice(skip ?? 0, end)
      return included === undefined ? page.map(deepCopy) : page.map((doc) => pick(doc, included))
    }
    let cursor = new Query({}).find<Doc>(matches, projection)
    if (sort !== undefined) cursor = cursor.sort(sort)
    if (skip !== undefined) cursor = cursor.skip(skip)
    if (limit !== undefined && limit !== 0) cursor = cursor.limit(limit)
    return cursor.all().map(deepCopy)
  }

  private candidates(filter: Filter): Doc[] {
    const ids = pinnedValues(filter, '_id') ?? this.bestIndexCandidates(filter)
    if (ids === undefined) return [...this.docs.values()]
    const found: Doc[] = []
    for (const id of new Set(ids)) {
      const doc = typeof id === 'string' ? this.docs.get(id) : undefined
      if (doc !== undefined) found.push(doc)
    }
    return found
  }

  private bestIndexCandidates(filter: Filter): Iterable<unknown> | undefined {
    let best: Set<string> | undefined
    for (const index of this.indexes) {
      const ids = index.candidates(filter)
      if (ids !== undefined && (best === undefined || ids.size < best.size)) best = ids
    }
    return best
  }
}

const isPlainField = (key: string) => !key.startsWith('$') && !key.includes('.')

type Scalar = string | number | boolean

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'boolean'
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
  for (const field of Object.keys(doc)) if (fields.includes(field)) picked[field] = deepCopy(doc[field])
  return picked as Doc
}
