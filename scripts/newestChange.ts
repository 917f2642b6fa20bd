import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** When anything under `path` last changed (0 when it does not exist); installed packages are not sources. */
export function newestChange(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path)
    .filter((entry) => entry !== 'node_modules')
    .reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs)
}
