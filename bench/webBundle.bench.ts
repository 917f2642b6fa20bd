/**
 * The JavaScript a browser downloads to show a screen, gzipped: the entry chunk, the chunks of the
 * route files on the way to the screen (root → layout → screen) and every chunk they import
 * statically, each counted once. Read from the Vite manifest of web/dist (run `npm run build`).
 * Target (README): under 200 KB for sign-in and for home.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { javascriptFor, routeChunks, type Manifest } from '../web/scripts/pageScripts'

const dist = join(import.meta.dirname, '..', 'web', 'dist')

/** The route files each screen needs, outermost first (see web/ROUTES.md). */
const screens: Record<string, string[]> = {
  'sign-in': ['src/routes/__root.tsx', 'src/routes/_guest.tsx', 'src/routes/_guest/sign_in.tsx'],
  home: ['src/routes/__root.tsx', 'src/routes/_authed.tsx', 'src/routes/_authed/home.tsx'],
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024

export async function benchWebBundle(): Promise<Record<string, number | string>> {
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return { note: 'web/dist is not built: run `npm run build` first' }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entry) return { note: 'no entry chunk in the Vite manifest' }

  const figures: Record<string, number | string> = {}
  for (const [screen, routeFiles] of Object.entries(screens)) {
    const roots = [entry, ...routeFiles.flatMap((file) => routeChunks(manifest, file))]
    const files = javascriptFor(manifest, roots)
    figures[`${screen}: JS gzip KB`] = Math.round(gzipKb(files) * 10) / 10
    figures[`${screen}: chunks`] = files.size
  }
  figures['target KB'] = 200
  return await Promise.resolve(figures)
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchWebBundle())
