/**
 * `npm start` serves the built web app; this builds it first when web/dist is missing or older than
 * the web sources, so a fresh clone needs only `npm install` and `npm start`.
 */
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestChange } from './newestChange'

const root = join(import.meta.dirname, '..')
const built = join(root, 'web', 'dist', 'index.html')
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contracts/src'].map((p) =>
  join(root, p),
)

export function ensureWebBuild(): void {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  if (builtAt < Math.max(...sources.map(newestChange))) {
    console.log('Building the web app (web/dist)…')
    execSync('npm run build -w @reelmates/web', { cwd: root, stdio: 'inherit' })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) ensureWebBuild()
