import { DuplicateKeyError, type Doc, type Filter, type IndexSpec } from './port'

/**
 * The embedded read store's indexes. Each index keeps, for every prefix of its keys, a map from the
 * encoded key values to the ids of the documents holding them, so an equality filter on a prefix of
 * an index (e.g. `{ userId }` on a `{ userId, mediaKey }` index) finds its candidates without a scan.
 *
 * Keys follow MongoDB: a path reaching into arrays yields one key per element (multikey), a missing
 * field, `null` and an empty array are all the null key — so a unique index admits one such document.
 */

export interface IndexDefinition {
  name: string
  keys: Record<string, 1 | -1>
  unique: boolean
}

export function indexDefinition(spec: IndexSpec): IndexDefinition {
  const fields = Object.keys(spec.keys)
  if (fields.length === 0) throw new Error('An index needs at least one key')
  return {
    name:
      spec.name ??
      Object.entries(spec.keys)
        .map(([field, direction]) => `${field}_${direction}`)
        .join('_'),
    keys: { ...spec.keys },
    unique: spec.unique ?? false,
  }
}

export function sameDefinition(a: IndexDefinition, b: IndexDefinition): boolean {
  return a.name === b.name && a.unique === b.unique && JSON.stringify(a.keys) === JSON.stringify(b.keys)
}

export class CollectionIndex {
  readonly fields: string[]
  private readonly paths: string[][]
  /** `byPrefix[n]` maps the encoded values of the first n+1 fields (one field: the value's own key) to the ids holding them. */
  private readonly byPrefix: Map<string, Set<string>>[]

  constructor(readonly definition: IndexDefinition) {
    this.fields = Object.keys(definition.keys)
    this.paths = this.fields.map((field) => field.split('.'))
    this.byPrefix = this.fields.map(() => new Map<string, Set<string>>())
  }

  /** Throws `DuplicateKeyError` if `doc` (about to be stored under its id) would break this unique index. */
  checkUnique(collection: string, doc: Doc): void {
    if (!this.definition.unique) return
    const full = this.byPrefix[this.byPrefix.length - 1]
    for (const key of this.keysOf(doc, this.fields.length)) {
      const holders = full?.get(key)
      if (holders === undefined) continue
      for (const id of holders) {
        if (id !== doc._id) throw new DuplicateKeyError(collection, this.definition.name, this.keyValues(doc))
      }
    }
  }

  add(doc: Doc): void {
    const perField = this.encodedValues(doc)
    this.byPrefix.forEach((map, n) => {
      for (const key of keysFrom(perField, n + 1)) {
        let holders = map.get(key)
        if (holders === undefined) map.set(key, (holders = new Set()))
        holders.add(doc._id)
      }
    })
  }

  remove(doc: Doc): void {
    const perField = this.encodedValues(doc)
    this.byPrefix.forEach((map, n) => {
      for (const key of keysFrom(perField, n + 1)) {
        const holders = map.get(key)
        holders?.delete(doc._id)
        if (holders?.size === 0) map.delete(key)
      }
    })
  }

  /** Whether `before` and `after` hold the same keys, so an update need not touch this index. */
  sameKeys(before: Doc, after: Doc): boolean {
    // An update that leaves every indexed top-level scalar as it was (the usual case) keeps its keys.
    const unchanged = this.paths.every((path) => {
      if (path.length !== 1) return false
      const field = path[0] ?? ''
      const value = before[field]
      return value === after[field] && !Array.isArray(value) && !isPlainObject(value)
    })
    if (unchanged) return true
    const a = this.keysOf(before, this.fields.length)
    const b = this.keysOf(after, this.fields.length)
    return a.length === b.length && a.every((key, i) => key === b[i])
  }

  /**
   * The ids that may match `filter`, from the longest prefix of this index that the filter pins to
   * plain values; `undefined` when the filter pins none. The caller still tests every candidate,
   * and must not change the set (it may be the index's own).
   */
  candidates(filter: Filter): ReadonlySet<string> | undefined {
    const choices: unknown[][] = []
    for (const field of this.fields) {
      const values = pinnedValues(filter, field)
      if (values === undefined) break
      choices.push(values)
    }
    if (choices.length === 0) return undefined
    if (choices.reduce((product, values) => product * values.length, 1) > MAX_COMBINATIONS) return undefined
    const map = this.byPrefix[choices.length - 1]
    const keys =
      choices.length === 1
        ? (choices[0] ?? []).map(encodeValue)
        : cartesian(choices.map((values) => values.map(encodeValue))).map((combination) => JSON.stringify(combination))
    // One key (the usual `{ userId }`): the index's own set, read-only, rather than a copy per read.
    if (keys.length === 1) return map?.get(keys[0] ?? '') ?? new Set()
    const found = new Set<string>()
    for (const key of keys) {
      for (const id of map?.get(key) ?? []) found.add(id)
    }
    return found
  }

  /**
   * Whether this index's candidates for `filter` are exactly its matches: the filter only asks, at
   * the top level, for plain values (`v`, `$eq`, `$in`) of fields that lead this index. Keys encode
   * MongoDB's equality (arrays as their elements), so such a filter needs no document tested.
   */
  answersExactly(filter: Filter): boolean {
    const keys = Object.keys(filter)
    if (keys.length === 0 || keys.length > this.fields.length) return false
    let combinations = 1
    for (const field of this.fields.slice(0, keys.length)) {
      const values = Object.hasOwn(filter, field) ? plainValues(filter[field]) : undefined
      if (values === undefined) return false
      combinations *= values.length
    }
    // Past this many, `candidates` declines and the caller scans.
    return combinations <= MAX_COMBINATIONS
  }

  /**
   * For a filter this index answers exactly with one entry (each of its fields, the first n of this
   * index, pinned to one value): n and that entry's key, as `entryKeys` computes it for a document.
   */
  exactEntry(filter: Filter): { fieldCount: number; key: string } | undefined {
    if (!this.answersExactly(filter)) return undefined
    const fieldCount = Object.keys(filter).length
    const values: string[] = []
    for (const field of this.fields.slice(0, fieldCount)) {
      const pinned = pinnedValues(filter, field)
      if (pinned?.length !== 1) return undefined
      values.push(encodeValue(pinned[0]))
    }
    return { fieldCount, key: fieldCount === 1 ? (values[0] ?? '') : JSON.stringify(values) }
  }

  /** The entries of the first `fieldCount` fields that hold `doc` (several when a field is an array). */
  entryKeys(doc: Doc, fieldCount: number): string[] {
    return this.keysOf(doc, fieldCount)
  }

  private keysOf(doc: Doc, fieldCount: number): string[] {
    return keysFrom(this.encodedValues(doc, fieldCount), fieldCount)
  }

  /** Each field's distinct encoded values in `doc`, for the first `fieldCount` fields (all by default). */
  private encodedValues(doc: Doc, fieldCount = this.paths.length): string[][] {
    const perField: string[][] = []
    for (let i = 0; i < fieldCount; i++) {
      const path = this.paths[i] ?? []
      // Most keys are one top-level scalar: answered without collecting and deduplicating arrays.
      const value = path.length === 1 ? doc[path[0] ?? ''] : undefined
      if (path.length === 1 && !Array.isArray(value) && !isPlainObject(value)) perField.push([encodeValue(value)])
      else perField.push([...new Set(indexValuesAt(doc, path).map(encodeValue))])
    }
    return perField
  }

  private keyValues(doc: Doc): Record<string, unknown> {
    return Object.fromEntries(
      this.fields.map((field, i) => {
        const values = indexValuesAt(doc, this.paths[i] ?? [])
        return [field, values.length === 1 ? (values[0] ?? null) : values]
      }),
    )
  }
}

/** The values an index holds for `path` in `doc`, expanding arrays as MongoDB's multikey indexes do. */
function indexValuesAt(doc: unknown, path: string[]): unknown[] {
  const values = valuesAt(doc, path, 0).flatMap((value) =>
    Array.isArray(value) ? (value.length === 0 ? [null] : (value as unknown[])) : [value],
  )
  return values.length === 0 ? [null] : values
}

function valuesAt(value: unknown, path: string[], at: number): unknown[] {
  if (at === path.length) return [value]
  const segment = path[at] ?? ''
  if (Array.isArray(value)) {
    if (/^\d+$/.test(segment)) return valuesAt((value as unknown[])[Number(segment)], path, at + 1)
    return (value as unknown[]).flatMap((element) => (isPlainObject(element) ? valuesAt(element, path, at) : []))
  }
  if (isPlainObject(value)) return valuesAt(value[segment], path, at + 1)
  return [null]
}

/**
 * The plain values `filter` requires at `field` (`{ field: v }`, `{ field: { $eq: v } }`,
 * `{ field: { $in: [...] } }`, also inside a top-level `$and`), or `undefined` when it requires none
 * an index can answer. Only strings, numbers and booleans qualify: `null` also matches missing
 * fields, and objects or arrays compare whole, which the element keys of an index cannot answer.
 */
export function pinnedValues(filter: Filter, field: string): unknown[] | undefined {
  if (Object.hasOwn(filter, field)) {
    const values = plainValues(filter[field])
    if (values !== undefined) return values
  }
  const all = filter.$and
  if (Array.isArray(all)) {
    for (const clause of all) {
      if (isPlainObject(clause)) {
        const values = pinnedValues(clause, field)
        if (values !== undefined) return values
      }
    }
  }
  return undefined
}

function plainValues(condition: unknown): unknown[] | undefined {
  if (isIndexable(condition)) return [condition]
  if (!isPlainObject(condition)) return undefined
  const operators = Object.keys(condition)
  if (operators.length !== 1) return undefined
  if (operators[0] === '$eq' && isIndexable(condition.$eq)) return [condition.$eq]
  if (operators[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every(isIndexable)) {
    return condition.$in
  }
  return undefined
}

/** Beyond this many key combinations a lookup is no cheaper than a scan. */
const MAX_COMBINATIONS = 64

/** The keys of the first `fieldCount` fields: one field's value is its own key, several are a JSON array. */
function keysFrom(perField: string[][], fieldCount: number): string[] {
  if (fieldCount === 1) return perField[0] ?? []
  const fields = perField.slice(0, fieldCount)
  if (fields.every((values) => values.length === 1)) return [JSON.stringify(fields.map((values) => values[0]))]
  return cartesian(fields).map((combination) => JSON.stringify(combination))
}

function cartesian(choices: string[][]): string[][] {
  let combinations: string[][] = [[]]
  for (const values of choices) {
    combinations = combinations.flatMap((prefix) => values.map((value) => [...prefix, value]))
  }
  return combinations
}

function isIndexable(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** One string per value, equal exactly when MongoDB's equality holds for the values an index holds. */
function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return `s${value}`
  if (typeof value === 'number') return `n${value === 0 ? 0 : value}`
  if (typeof value === 'boolean') return `b${value}`
  if (value instanceof Date) return `d${value.getTime()}`
  return `o${JSON.stringify(value)}`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
}
