import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every file under `dir` (databases, WAL and journal files, secrets) whose bytes contain `text`. */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8')
  const hits: string[] = []
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name)
    if (statSync(path).isFile() && readFileSync(path).includes(needle)) hits.push(name)
  }
  return hits
}
