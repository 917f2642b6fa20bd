import type { FastifyInstance } from 'fastify'

/**
 * The API as the running app documents it (`app.swagger()`, the OpenAPI document every route feeds),
 * so tables of routes in tests follow the registered routes instead of a list kept by hand.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface JsonSchema {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  minLength?: number
  items?: JsonSchema
}

export interface Parameter {
  name: string
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  method: Method
  /** The documented path, with `{param}` placeholders. */
  path: string
  pathParams: Parameter[]
  queryParams: Parameter[]
  body?: JsonSchema
  /** The statuses the document says the operation answers ("200", "404", …). */
  responses: string[]
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, unknown>
}

const methods: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

export const stateChanging = (operation: Operation) => operation.method !== 'GET'

export function apiOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> }
  const operations: Operation[] = []
  for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/')) continue
    for (const method of methods) {
      const spec = byMethod[method.toLowerCase()]
      if (!spec) continue
      const parameters = (where: string) =>
        (spec.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? where === 'path', schema: p.schema ?? {} }))
      const body = spec.requestBody?.content?.['application/json']?.schema
      operations.push({
        method,
        path,
        pathParams: parameters('path'),
        queryParams: parameters('query'),
        ...(body ? { body } : {}),
        responses: Object.keys(spec.responses ?? {}),
      })
    }
  }
  return operations
}

export const describeOperation = (operation: Operation) => `${operation.method} ${operation.path}`

/** A value the schema accepts, as far as simple schemas go: the start from which one field is spoiled. */
export function plausibleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const alternative = schema.anyOf ?? schema.oneOf
  if (alternative?.[0]) return plausibleValue(alternative[0])
  if (schema.allOf?.[0]) return plausibleValue(schema.allOf[0])
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const name of schema.required ?? []) value[name] = plausibleValue(schema.properties?.[name] ?? {})
      return value
    }
    default:
      if (schema.format === 'email') return 'fuzz@example.com'
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
      return 'fuzz-value'.padEnd(Math.max(10, schema.minLength ?? 0), 'x')
  }
}

/** The operation's URL with every path parameter filled, each with its given or plausible value. */
export function urlOf(operation: Operation, values: Record<string, string> = {}, query = ''): string {
  let url = operation.path
  for (const param of operation.pathParams) {
    const value = values[param.name] ?? encodeURIComponent(String(plausibleValue(param.schema)))
    url = url.replace(`{${param.name}}`, value)
  }
  return query ? `${url}?${query}` : url
}

/** Whether the document lists `status` among the operation's answers. */
export const documents = (operation: Operation, status: number) =>
  operation.responses.includes(String(status)) || operation.responses.includes('default')
