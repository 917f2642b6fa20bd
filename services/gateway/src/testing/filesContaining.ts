import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every file under `dir` (databases, WAL and journal files, secrets) whose bytes contain `text`. */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8')
  const hits: string[] = []
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const contents = contentsOf(join(dir, name))
    if (contents?.includes(needle)) hits.push(name)
  }
  return hits
}

/**
 * A file's bytes, or nothing for a directory or a file a running server removed after the listing
 * (SQLite deletes its journal when a transaction ends): what is gone holds nothing any more.
 */
function contentsOf(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
