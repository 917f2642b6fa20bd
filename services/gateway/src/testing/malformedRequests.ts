import { plausibleValue, urlOf, type JsonSchema, type Method, type Operation } from './apiOperations'

/** One malformed request: what it spoils, and how it is sent (the target may be in absolute form). */
export interface MalformedRequest {
  name: string
  method: Method
  target: string
  headers: Record<string, string>
  payload?: string
  /** The target no longer names the operation (`*`, `//api/…`): its answer is the router's, not the route's. */
  addressesNoRoute?: boolean
}

const json = { 'content-type': 'application/json' }
const megabyte = 1024 * 1024
const nulAndRtl = 'a\u0000b\u202Eevil\u202C\u05e9\u05dc\u05d5\u05dd'
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

/** Values of the wrong kind, or of the right kind but absurd, for one field or parameter. */
const spoiledValues: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['an array', ['x']],
  ['an object', { nested: { deeper: 1 } }],
  ['NUL bytes and RTL text', nulAndRtl],
  ['an empty string', ''],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a number past 2^53', 2 ** 64],
  ['a long string', 'x'.repeat(100_000)],
]

const spoiledParameters: [string, string][] = [
  ['a NUL byte', '%00'],
  ['RTL text', encodeURIComponent(nulAndRtl)],
  ['a path walk', '..%2F..%2Fetc%2Fpasswd'],
  ['a broken escape', '%ZZ'],
  ['a huge number', '99999999999999999999999999'],
  ['a negative number', '-1'],
  ['a fraction', '1.5'],
  ['hex', '0x10'],
  ['a 10 KB string', 'y'.repeat(10_000)],
  ['spaces', '%20%20'],
]

function bodyCases(operation: Operation): { name: string; headers: Record<string, string>; payload: string }[] {
  const cases = [
    { name: 'invalid JSON', headers: json, payload: '{"a":' },
    { name: 'JSON with single quotes', headers: json, payload: "{'a':1}" },
    { name: 'an empty JSON body', headers: json, payload: '' },
    { name: 'a JSON null', headers: json, payload: 'null' },
    { name: 'a JSON array', headers: json, payload: '[1,2]' },
    { name: 'a JSON string', headers: json, payload: '"text"' },
    { name: 'a huge JSON number', headers: json, payload: '1' + '0'.repeat(400) },
    { name: 'arrays nested 10,000 deep', headers: json, payload: nested(10_000) },
    { name: 'objects nested 5,000 deep', headers: json, payload: nestedObject(5_000) },
    { name: 'a body over 1 MB', headers: json, payload: JSON.stringify({ x: 'z'.repeat(megabyte) }) },
    { name: 'a prototype-polluting body', headers: json, payload: '{"__proto__":{"role":"Admin"}}' },
    { name: 'a constructor-polluting body', headers: json, payload: '{"constructor":{"prototype":{"role":"Admin"}}}' },
    { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'plain words' },
    { name: 'a form body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1&b=2' },
    { name: 'multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
    { name: 'XML', headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
    { name: 'JSON in UTF-16', headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
    { name: 'a content type that is not one', headers: { 'content-type': ';;;' }, payload: '{}' },
  ]
  const schema = operation.body
  if (!schema) return cases
  const valid = plausibleValue(schema) as Record<string, unknown>
  const fields = Object.entries(schema.properties ?? {}).slice(0, 8)
  for (const name of schema.required ?? []) {
    const { [name]: _missing, ...rest } = valid
    cases.push({ name: `no ${name}`, headers: json, payload: JSON.stringify(rest) })
  }
  for (const [field] of fields) {
    for (const [what, value] of spoiledValues) {
      cases.push({ name: `${field} as ${what}`, headers: json, payload: JSON.stringify({ ...valid, [field]: value }) })
    }
  }
  const firstString = fields.find(([, field]: [string, JsonSchema]) => typeof plausibleValue(field) === 'string')
  if (firstString) {
    // Just under the body limit, so it reaches validation instead of the size check.
    const big = JSON.stringify({ ...valid, [firstString[0]]: 's'.repeat(megabyte - 1000) })
    cases.push({ name: `${firstString[0]} as a string of almost 1 MB`, headers: json, payload: big })
  }
  return cases
}

function targetCases(operation: Operation): { name: string; target: string; addressesNoRoute?: boolean }[] {
  const cases = [
    { name: 'an absolute-form target', target: `http://127.0.0.1:3000${urlOf(operation)}` },
    { name: 'an absolute-form target to another host', target: `https://evil.example${urlOf(operation)}` },
    { name: 'the asterisk target', target: '*', addressesNoRoute: true },
    { name: 'a doubled slash', target: `/${urlOf(operation)}`, addressesNoRoute: true },
    { name: 'a prototype-polluting query', target: urlOf(operation, {}, '__proto__[role]=Admin&constructor[x]=1') },
    { name: 'a broken query escape', target: urlOf(operation, {}, 'a=%ZZ&%=%') },
  ]
  for (const param of operation.pathParams) {
    for (const [what, value] of spoiledParameters) {
      cases.push({ name: `path ${param.name} as ${what}`, target: urlOf(operation, { [param.name]: value }) })
    }
  }
  for (const param of operation.queryParams.slice(0, 6)) {
    const valid = encodeURIComponent(String(plausibleValue(param.schema)))
    for (const [what, value] of spoiledParameters) {
      cases.push({ name: `query ${param.name} as ${what}`, target: urlOf(operation, {}, `${param.name}=${value}`) })
    }
    cases.push({
      name: `query ${param.name} twice`,
      target: urlOf(operation, {}, `${param.name}=${valid}&${param.name}=${valid}`),
    })
    cases.push({ name: `query ${param.name} as an object`, target: urlOf(operation, {}, `${param.name}[a]=1`) })
  }
  return cases
}

const headerCases: { name: string; headers: Record<string, string> }[] = [
  { name: 'a word as X-Min-Position', headers: { 'x-min-position': 'abc' } },
  { name: 'a negative X-Min-Position', headers: { 'x-min-position': '-5' } },
  { name: 'a huge X-Min-Position', headers: { 'x-min-position': '9'.repeat(40) } },
  { name: 'a forged session cookie', headers: { cookie: 'reelmates.sid=forged.signature' } },
  { name: 'a broken cookie header', headers: { cookie: '%%%; =; reelmates.sid' } },
  { name: 'a forged X-Forwarded-For', headers: { 'x-forwarded-for': 'not an address, 999.1.1.1' } },
  { name: 'an unusual Accept', headers: { accept: 'application/xml;q=2, */*;q=-1' } },
  { name: 'a method override header', headers: { 'x-http-method-override': 'DELETE' } },
]

/** At least 30 malformed requests for one documented operation. */
export function malformedRequests(operation: Operation): MalformedRequest[] {
  const { method } = operation
  const target = urlOf(operation)
  const valid = operation.body ? JSON.stringify(plausibleValue(operation.body)) : undefined
  const withValidBody = (headers: Record<string, string>) =>
    valid === undefined ? { headers } : { headers: { ...json, ...headers }, payload: valid }
  return [
    ...bodyCases(operation).map(({ name, headers, payload }) => ({ name, method, target, headers, payload })),
    ...targetCases(operation).map(({ name, target: spoiled, addressesNoRoute }) => ({
      name,
      method,
      target: spoiled,
      ...withValidBody({}),
      ...(addressesNoRoute ? { addressesNoRoute } : {}),
    })),
    ...headerCases.map(({ name, headers }) => ({ name, method, target, ...withValidBody(headers) })),
  ]
}
