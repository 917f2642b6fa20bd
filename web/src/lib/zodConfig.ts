/**
 * What `zod` is in the web build (vite.config.ts aliases the bare specifier here): Zod itself, with
 * jitless set before any module that imports it can build a schema. Zod compiles object parsers with
 * `new Function` where it may, and probes for that once; the Content-Security-Policy forbids eval (no
 * 'unsafe-eval'), so the probe only fails and leaves a CSP issue in the browser (Lighthouse: best
 * practices). jitless skips the probe; the parsers are the ones the page used anyway. A call in
 * main.tsx would come too late: the chunks it imports build their schemas before its body runs.
 */
import { config } from 'zod/v4/core'
import { readableIssueMessage } from '@reelmates/contracts/readableIssues'

config({ jitless: true, customError: readableIssueMessage })

export * from 'zod/v4'
export { default } from 'zod/v4'
