/**
 * A deep copy of a document or value. Documents are JSON-like, so plain objects, arrays and Dates are
 * copied by hand — about ten times faster than `structuredClone`, which matters when every write and
 * every read copies — and anything else falls back to `structuredClone`.
 */
export function deepCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(deepCopy) as T
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype === Object.prototype || prototype === null) {
    const source = value as Record<string, unknown>
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(source)) {
      // A JSON key named __proto__ is an own field, never the prototype.
      if (key === '__proto__')
        Object.defineProperty(copy, key, {
          value: deepCopy(source[key]),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      else copy[key] = deepCopy(source[key])
    }
    return copy as T
  }
  if (value instanceof Date) return new Date(value.getTime()) as T
  return structuredClone(value)
}
