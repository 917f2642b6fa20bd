import { existsSync, renameSync } from 'node:fs'
import Database from 'better-sqlite3'

/** Why a read-model snapshot was not used: it could not be read, or it is ahead of the event log. */
export type SnapshotSetAsideReason = 'damaged' | 'ahead'

/**
 * Moves a snapshot file the server will not use out of the way, with the journal or WAL beside it
 * (left beside a new, empty file, SQLite would take them for its own), to
 * `<file>.<reason>-<timestamp>`. The snapshot is only a cache of the event log, so the server starts
 * without it and replays; the file is kept, not deleted, for whoever wants to see what went wrong.
 * Returns where the snapshot file went.
 */
export function setSnapshotAside(path: string, reason: SnapshotSetAsideReason, at: Date = new Date()): string {
  const aside = `${path}.${reason}-${at.toISOString().replace(/[:.]/g, '-')}`
  for (const suffix of ['', '-journal', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix)
  }
  return aside
}

/**
 * Whether an error from reading the snapshot says the file itself is bad ("file is not a database",
 * "database disk image is malformed", a document or index list that does not decode), rather than
 * that it could not be reached (permissions, a full disk, an I/O error): only a bad file is worth
 * throwing away, since a rebuild from the log can take minutes.
 */
export function isDamagedSnapshot(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)
  // A system error (EACCES, ENOSPC…) is about the disk; anything else came from decoding the contents.
  return !(error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string')
}
