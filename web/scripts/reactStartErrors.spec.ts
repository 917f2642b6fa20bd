// @vitest-environment node
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { runInThisContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { expectedSentinels, reactStartErrors, rewriteReactStartErrors } from './reactStartErrors'

const require = createRequire(import.meta.url)
const reactDomClientFile = join(
  dirname(require.resolve('react-dom/package.json')),
  'cjs/react-dom-client.production.js',
)
const installed = readFileSync(reactDomClientFile, 'utf8')

/** Runs `var <assignment>; return <name>` with React's message formatter, as React DOM's module does. */
function built(assignment: string, name: string): unknown {
  const formatProdErrorMessage = (code: number) => `Minified React error #${code}`
  const module = runInThisContext(`(function (formatProdErrorMessage) { var ${assignment}; return ${name} })`) as (
    format: typeof formatProdErrorMessage,
  ) => unknown
  return module(formatProdErrorMessage)
}

describe('React DOM’s marker errors, built without a stack', () => {
  it('rewrites every marker of the installed React DOM, and nothing else', () => {
    const rewritten = rewriteReactStartErrors(installed)
    expect(rewritten.match(/Object\.create\(Error\.prototype\)/g)).toHaveLength(expectedSentinels)
    expect(rewritten).not.toMatch(/Exception = Error\(formatProdErrorMessage/)
    expect(rewritten).toContain('SuspenseException = Object.assign(Object.create(Error.prototype)')
    const undone = rewritten.replace(
      /Object\.assign\(Object\.create\(Error\.prototype\), \{ message: (formatProdErrorMessage\(\d+\)) \}\)/g,
      'Error($1)',
    )
    expect(undone).toBe(installed)
  })

  it('leaves a marker React still recognises: an Error with its message, the same object each time it is read', () => {
    const [line] = /SuspenseException = Object\.assign\(.*?\}\)/.exec(rewriteReactStartErrors(installed)) ?? []
    const marker = built(line!, 'SuspenseException') as Error
    // An Error of the realm it was built in (vitest may run this file in a realm of its own).
    expect(marker).toBeInstanceOf(runInThisContext('Error') as ErrorConstructor)
    expect(marker.message).toBe('Minified React error #460')
    // No stack was taken: that is the point (an Error would carry one).
    expect(Object.getOwnPropertyNames(marker)).not.toContain('stack')
    expect(
      Object.getOwnPropertyNames(built('SuspenseException = Error(formatProdErrorMessage(460))', 'SuspenseException')),
    ).toContain('stack')
  })

  it('fails the build when React DOM has another number of markers', () => {
    const one = 'var SuspenseException = Error(formatProdErrorMessage(460));'
    expect(() => rewriteReactStartErrors(one)).toThrow(/builds 1 marker errors where 5 were expected/)
    expect(() => rewriteReactStartErrors('')).toThrow(/builds 0 marker errors/)
  })

  it('changes the production React DOM client only', () => {
    const transform = reactStartErrors().transform as (code: string, id: string) => { code: string } | null
    expect(transform('Error(formatProdErrorMessage(1))', '/app/src/main.tsx')).toBeNull()
    expect(transform(installed, '/x/node_modules/react-dom/cjs/react-dom-client.development.js')).toBeNull()
    expect(transform(installed, reactDomClientFile)?.code).toContain('Object.create(Error.prototype)')
  })
})
