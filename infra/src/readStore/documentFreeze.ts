import { deepCopy } from './documentCopy'

/**
 * A stored document as a read hands it out: the stored object itself, deeply frozen, so that reading
 * costs no copy and nothing a reader does can change the store (writing to it throws in strict code,
 * which every module is). The store never changes a document it holds (every write stores a new
 * object), so it is frozen once, at its first read, and every later read returns it as it is.
 *
 * A document holding anything but plain objects, arrays and primitives (a Date: freezing it would
 * not stop `setTime`) is copied on every read instead, as all documents were before.
 */
export function readable<T>(doc: T): T {
  if (typeof doc !== 'object' || doc === null || Object.isFrozen(doc)) return doc
  return freezable(doc) ? freeze(doc) : deepCopy(doc)
}

function freezable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'function'
  if (Object.isFrozen(value)) return true
  if (Array.isArray(value)) return value.every(freezable)
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  for (const key in value) if (!freezable((value as Record<string, unknown>)[key])) return false
  return true
}

function freeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  if (Array.isArray(value)) for (const element of value) freeze(element)
  else for (const key in value) freeze((value as Record<string, unknown>)[key])
  return Object.freeze(value)
}
