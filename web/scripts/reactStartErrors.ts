import type { Plugin } from 'vite'

/** The production React DOM client, the only file this plugin changes. */
const reactDomClient = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/

/** `HydrationMismatchException = Error(formatProdErrorMessage(519))`, and the four others like it. */
const sentinel = /(\b\w+Exception = )Error\((formatProdErrorMessage\(\d+\))\)/g

/** How many such sentinels React DOM 19 builds when it loads; another count means React changed. */
export const expectedSentinels = 5

/**
 * React DOM builds five errors when it loads (`SuspenseException` and the like). They are markers
 * compared by identity, never shown, and their stack is never read. But under a debugger — which is
 * how Lighthouse and Chrome's DevTools watch a page — every new error has its full stack taken, and
 * to place it V8 compiles again, with source positions, each function on the stack: here the whole of
 * React DOM and the whole start file. Measured with Chromium at the mobile preset's CPU slowdown, the
 * first of those five errors took 560–740 ms of the start (docs/pwa.md, fifth pass).
 * Built as an object with Error's prototype instead, a marker is the same to React (identity,
 * `instanceof Error`, its message) and takes no stack. Fewer or more markers than expected fail the
 * build, so a React upgrade that changes them is looked at instead of silently undoing this.
 */
export function rewriteReactStartErrors(code: string): string {
  let count = 0
  const rewritten = code.replace(sentinel, (_match, assignment: string, message: string) => {
    count++
    return `${assignment}Object.assign(Object.create(Error.prototype), { message: ${message} })`
  })
  if (count !== expectedSentinels) {
    throw new Error(
      `react-dom-client.production.js builds ${count} marker errors where ${expectedSentinels} were expected: ` +
        'look at web/scripts/reactStartErrors.ts again for this React version',
    )
  }
  return rewritten
}

/** The build's plugin: rewrites React DOM's marker errors (see rewriteReactStartErrors). */
export function reactStartErrors(): Plugin {
  return {
    name: 'reelmates-react-start-errors',
    apply: 'build',
    transform(code, id) {
      if (!reactDomClient.test(id)) return null
      return { code: rewriteReactStartErrors(code), map: null }
    },
  }
}
