/**
 * `npm start` serves the built web app; this builds it first when web/dist is missing or older than
 * the web sources, so a fresh clone needs only `npm install` and `npm start`.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const built = join(root, 'web', 'dist', 'index.html')
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contracts/src'].map((p) =>
  join(root, p),
)

function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs)
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log('Building the web app (web/dist)…')
  execSync('npm run build -w @reelmates/web', { cwd: root, stdio: 'inherit' })
}
