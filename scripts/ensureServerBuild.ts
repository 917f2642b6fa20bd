/**
 * `npm start` runs the gateway from one bundled file (`dist/gateway/main.mjs`, built by esbuild from
 * the workspaces' TypeScript), not through tsx: compiling and resolving about 400 modules through
 * tsx's loader hooks was half of a start. Packages from node_modules stay outside the bundle, as
 * installed. This builds the bundle when it is missing or older than a source, and answers its path.
 */
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { newestChange } from './newestChange'

const root = join(import.meta.dirname, '..')
export const serverBundle = join(root, 'dist', 'gateway', 'main.mjs')
const sources = ['services', 'infra/src', 'contracts/src', 'package-lock.json'].map((path) => join(root, path))

export async function ensureServerBuild(): Promise<string> {
  const builtAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map(newestChange))) return serverBundle
  const result = await build({
    entryPoints: [join(root, 'services/gateway/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: serverBundle,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'installed-packages-stay-outside',
        setup(bundle) {
          // Our workspaces are TypeScript and go in; every installed package is imported as it is.
          bundle.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@reelmates/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  mkdirSync(dirname(serverBundle), { recursive: true })
  // Written aside and renamed, so a server starting meanwhile never reads half a file.
  const bundleLast = [...result.outputFiles].sort(
    (a, b) => Number(a.path === serverBundle) - Number(b.path === serverBundle),
  )
  for (const file of bundleLast) {
    writeFileSync(`${file.path}.partial`, file.contents)
    renameSync(`${file.path}.partial`, file.path)
  }
  return serverBundle
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureServerBuild()
}
