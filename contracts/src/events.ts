import { z } from 'zod'

/**
 * Every domain event is `{ type, data }` with a versioned zod schema registered here, so the write
 * side, the projectors and the API all agree on its shape. Stored events are never rewritten: when
 * a schema changes, bump `version` and give an `upcast` from the previous version's data.
 */
export interface DomainEvent<T extends string = string, D = Record<string, unknown>> {
  type: T
  data: D
}

/**
 * Personal data in an event: the fields that are encrypted at rest with the key of the user named by
 * `subjectField`, so that deleting that user's key erases them from the event store (crypto-shredding).
 */
export interface PersonalData {
  subjectField: string
  fields: readonly string[]
}

export interface EventDefinition<T extends string, S extends z.ZodType<Record<string, unknown>>> {
  type: T
  version: number
  schema: S
  personal?: PersonalData
  /** Turns data stored at an older version into the current shape. */
  upcast?: (data: Record<string, unknown>, fromVersion: number) => Record<string, unknown>
  (data: z.infer<S>): DomainEvent<T, z.infer<S>>
}

const registry = new Map<string, EventDefinition<string, z.ZodType<Record<string, unknown>>>>()

export function defineEvent<T extends string, S extends z.ZodType<Record<string, unknown>>>(
  type: T,
  schema: S,
  options: { version?: number; personal?: PersonalData; upcast?: EventDefinition<T, S>['upcast'] } = {},
): EventDefinition<T, S> {
  const create = (data: z.infer<S>): DomainEvent<T, z.infer<S>> => ({ type, data })
  const definition = Object.assign(create, {
    type,
    version: options.version ?? 1,
    schema,
    personal: options.personal,
    upcast: options.upcast,
  }) as EventDefinition<T, S>
  registry.set(type, definition)
  return definition
}

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? DomainEvent<T, z.infer<S>> : never

export function eventDefinition(type: string): EventDefinition<string, z.ZodType<Record<string, unknown>>> | undefined {
  return registry.get(type)
}

/**
 * Every event definition registered so far (import `allEvents` first for all of them): for read
 * models that index the whole log whatever its types, like the admin's event history.
 */
export function allEventDefinitions(): EventDefinition<string, z.ZodType<Record<string, unknown>>>[] {
  return [...registry.values()]
}

/**
 * The schema that stored data of an erased user must match: their personal fields read back as
 * `null` (the key that could decrypt them is gone), everything else as usual.
 */
const erasedSchemas = new Map<string, z.ZodType<Record<string, unknown>>>()
function erasedSchemaOf(definition: EventDefinition<string, z.ZodType<Record<string, unknown>>>) {
  let schema = erasedSchemas.get(definition.type)
  if (!schema) {
    const base = definition.schema
    const fields = definition.personal?.fields ?? []
    schema =
      base instanceof z.ZodObject
        ? base.extend(
            Object.fromEntries(
              fields.map((field) => [field, (base.shape as Record<string, z.ZodType>)[field]?.nullable() ?? z.null()]),
            ),
          )
        : base
    erasedSchemas.set(definition.type, schema)
  }
  return schema
}

/**
 * Validates (and upcasts) stored event data into the current schema of its type. For an erased
 * user (`personalDataErased` in the event's metadata) the personal fields may be `null`.
 */
export function parseEventData(
  type: string,
  data: Record<string, unknown>,
  storedVersion: number,
  options: { personalDataErased?: boolean } = {},
): Record<string, unknown> {
  const definition = registry.get(type)
  if (!definition) throw new Error(`Unknown event type ${type}`)
  const current =
    storedVersion < definition.version && definition.upcast ? definition.upcast(data, storedVersion) : data
  return (options.personalDataErased ? erasedSchemaOf(definition) : definition.schema).parse(current)
}
