import { randomBytes } from 'node:crypto'
import { update as updateWithQuery } from 'mingo'
import * as updateOperators from 'mingo/operators/update'
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
  const { $setOnInsert, ...rest } = structuredClone(update) as Record<string, Record<string, unknown>>
  const modifier = inserting && $setOnInsert ? { ...rest, $set: { ...rest.$set, ...withoutId($setOnInsert) } } : rest
  const paths = Object.values(modifier).flatMap((expr) => Object.keys(expr))
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
  if (set !== undefined && Object.keys(rest).length > 0) set(structuredClone(rest))(seed)
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

function withoutId(fields: Record<string, unknown>): Record<string, unknown> {
  const { _id: _ignored, ...rest } = fields
  return rest
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
