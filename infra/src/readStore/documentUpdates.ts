import { randomBytes } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { update as updateWithQuery } from 'mingo'
import * as updateOperators from 'mingo/operators/update'
import { deepCopy } from './documentCopy'
import type { Doc, Filter, Update } from './port'

/**
 * MongoDB update documents applied to the embedded store's documents. mingo's operators do the work;
 * they are called one by one because mingo's `update()` builds a fresh operator context on every
 * call, which costs ~100µs — too slow for a replay of 200,000 upserts. Only an update that uses the
 * positional `$` (which needs the filter) goes through `update()`.
 */

type Operator = (expr: Record<string, unknown>) => (doc: Record<string, unknown>) => string[]

const operators: Record<string, Operator | undefined> = { ...updateOperators } as unknown as Record<
  string,
  Operator | undefined
>

const POSITIONAL = /(^|\.)\$(\[[^\]]*\])?(\.|$)/

export function assertUpdateOperators(update: Update): void {
  const keys = Object.keys(update)
  if (keys.length === 0 || !keys.every((key) => key.startsWith('$'))) {
    throw new Error('Update document requires atomic operators')
  }
  for (const key of keys) {
    if (key !== '$setOnInsert' && operators[key] === undefined) throw new Error(`Unknown update operator: '${key}'`)
    const expr = update[key]
    if (typeof expr !== 'object' || expr === null || Array.isArray(expr)) {
      throw new Error(`Modifiers operate on fields but ${key} was given ${JSON.stringify(expr)}`)
    }
  }
  assertNoConflicts(update)
}

export function assertReplacement(doc: Record<string, unknown>): void {
  if (Object.keys(doc).some((key) => key.startsWith('$'))) {
    throw new Error('Replacement document must not contain atomic operators')
  }
}

/**
 * Applies `update` to `doc` in place (`doc` is the store's private copy) and says whether anything
 * changed. `$setOnInsert` counts only when the update inserts (an upsert that matched nothing).
 */
export function applyUpdate(doc: Doc, update: Update, filter: Filter, inserting: boolean): boolean {
  // A deep copy, so no value of the caller's update object ends up shared with the stored document.
  const { $setOnInsert, ...rest } = deepCopy(update) as Record<string, Record<string, unknown>>
  const modifier = inserting && $setOnInsert ? { ...rest, $set: { ...rest.$set, ...withoutId($setOnInsert) } } : rest
  const paths: string[] = []
  for (const expr of Object.values(modifier)) paths.push(...Object.keys(expr))
  const fast = applyToTopLevelFields(doc, modifier, paths)
  if (fast !== undefined) return fast
  if (paths.some((path) => POSITIONAL.test(path))) {
    return updateWithQuery(doc, modifier, [], filter, { cloneMode: 'none' }).length > 0
  }
  let modified = false
  for (const [name, expr] of Object.entries(modifier)) {
    const operator = operators[name]
    if (operator === undefined) throw new Error(`Unknown update operator: '${name}'`)
    if (operator(expr)(doc).length > 0) modified = true
  }
  return modified
}

/**
 * The common shape of a projector's update — `$set`, `$unset` and `$inc` of top-level fields — applied
 * directly, as MongoDB defines them; everything else (or `undefined` here) goes to mingo. mingo's
 * per-call set-up costs ~10µs, the bulk of a replay's time.
 */
function applyToTopLevelFields(doc: Doc, modifier: Record<string, Record<string, unknown>>, paths: string[]) {
  if (!paths.every((path) => path !== '_id' && !path.includes('.') && !path.startsWith('$'))) return undefined
  if (
    !Object.keys(modifier).every((name) => name === '$set' || name === '$unset' || name === '$inc' || name === '$max')
  )
    return undefined
  const fields = doc as Record<string, unknown>
  // `$max` of numbers over a number or nothing; any other comparison (BSON order) is mingo's.
  const maxima = Object.entries(modifier.$max ?? {})
  for (const [field, value] of maxima) {
    const current = fields[field]
    if (typeof value !== 'number' || Number.isNaN(value)) return undefined
    if (current !== undefined && (typeof current !== 'number' || Number.isNaN(current))) return undefined
  }
  const increments = Object.entries(modifier.$inc ?? {})
  for (const [field, by] of increments) {
    const current = fields[field]
    if (typeof by !== 'number')
      throw new Error(`Cannot increment with non-numeric argument: {${field}: ${JSON.stringify(by)}}`)
    if (current !== undefined && typeof current !== 'number') {
      throw new Error(
        `Cannot apply $inc to a value of non-numeric type. {_id: "${doc._id}"} has the field '${field}' of non-numeric type`,
      )
    }
  }
  let modified = false
  for (const [field, value] of Object.entries(modifier.$set ?? {})) {
    const current = fields[field]
    // Scalars compare with ===; only objects and arrays need the deep comparison.
    if (current === value ? current !== undefined || Object.hasOwn(fields, field) : isSameObject(current, value))
      continue
    fields[field] = value
    modified = true
  }
  for (const field of Object.keys(modifier.$unset ?? {})) {
    if (!Object.hasOwn(fields, field)) continue
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- removing the named field is what $unset means
    delete fields[field]
    modified = true
  }
  for (const [field, by] of increments) {
    const current = fields[field]
    fields[field] = ((current as number | undefined) ?? 0) + (by as number)
    if (by !== 0 || current === undefined) modified = true
  }
  for (const [field, value] of maxima) {
    const current = fields[field] as number | undefined
    if (current !== undefined && current >= (value as number)) continue
    fields[field] = value
    modified = true
  }
  return modified
}

/**
 * The document an upsert inserts when nothing matched: the filter's equality conditions (MongoDB
 * keeps those, `$and` included), the `_id` from the filter or `$setOnInsert` or a new one.
 */
export function upsertSeed(filter: Filter, update?: Update): Doc {
  const fields: Record<string, unknown> = {}
  collectEqualities(filter, fields)
  const setOnInsert = update?.$setOnInsert as Record<string, unknown> | undefined
  const { _id: filterId, ...rest } = fields
  const id = filterId ?? setOnInsert?._id ?? newId()
  if (typeof id !== 'string') throw new Error(`Document _id must be a string, got ${JSON.stringify(id)}`)
  const seed: Doc = { _id: id }
  const set = operators.$set
  if (set !== undefined && Object.keys(rest).length > 0) set(deepCopy(rest))(seed)
  return seed
}

export function newId(): string {
  return randomBytes(12).toString('hex')
}

function collectEqualities(filter: Filter, into: Record<string, unknown>): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) {
        if (typeof clause === 'object' && clause !== null) collectEqualities(clause as Filter, into)
      }
    } else if (!field.startsWith('$')) {
      const operatorKeys = isObject(condition) ? Object.keys(condition).filter((key) => key.startsWith('$')) : []
      if (operatorKeys.length === 0) into[field] = condition
      else if (operatorKeys.length === 1 && operatorKeys[0] === '$eq') into[field] = (condition as { $eq: unknown }).$eq
    }
  }
}

function assertNoConflicts(update: Update): void {
  const paths: string[] = []
  for (const [name, expr] of Object.entries(update)) {
    const fields = expr as Record<string, unknown>
    paths.push(...Object.keys(fields))
    if (name === '$rename') paths.push(...Object.values(fields).map(String))
  }
  paths.forEach((a, i) => {
    for (const b of paths.slice(i + 1)) {
      if (a === b || b.startsWith(`${a}.`) || a.startsWith(`${b}.`)) {
        throw new Error(`Updating the path '${b}' would create a conflict at '${a}'`)
      }
    }
  })
}

function isSameObject(a: unknown, b: unknown): boolean {
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && isDeepStrictEqual(a, b)
}

function withoutId(fields: Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignored, ...rest } = fields
  return rest
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
