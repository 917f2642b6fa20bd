/** A row of the embedded store's `events` table, as SQLite answers it. */
export interface EventRow {
  position: number
  stream_id: string
  revision: number
  event_id: string
  type: string
  data: string
  metadata: string
  recorded_at: number
}

/**
 * The rows this process appended last, for as long as they run without a gap. In the embedded
 * column every follower of the log (the projection runner and each reaction) reads the page after
 * every append: eight reads of the same few rows from SQLite per command, about a seventh of a
 * command's CPU (docs/performance.md). Those rows are the ones the append just wrote, so they are
 * answered from here instead.
 *
 * Only what is certainly the file's content is answered: a run of positions with no hole, starting
 * right after the reader's cursor. Another process's append (the role CLI) lands between two of
 * ours as a gap, which starts the run again; a reader past the run's end, or before its start, reads
 * the file, so another process's rows are seen exactly as before.
 */
export interface RecentAppends {
  /** Rows of one committed append, in position order. */
  add(rows: readonly EventRow[]): void
  /** Up to `maxCount` rows (all with -1) after `after`, or undefined when the file must answer. */
  after(after: bigint, maxCount: number): EventRow[] | undefined
}

/**
 * `capacity`: the followers of the embedded process are a few rows behind the head; one further back
 * (catching up after a rebuild) reads the file. Kept small because a row may be large (an avatar).
 */
export function recentAppends(capacity = 256): RecentAppends {
  let rows: EventRow[] = []
  return {
    add(added) {
      const first = added[0]
      if (first === undefined) return
      const last = rows.at(-1)
      if (last === undefined || first.position !== last.position + 1) rows = []
      rows.push(...added)
      // Trimmed in halves, so that an append costs no copy of the whole run.
      if (rows.length > 2 * capacity) rows = rows.slice(rows.length - capacity)
    },
    after(after, maxCount) {
      const first = rows[0]
      const last = rows.at(-1)
      if (first === undefined || last === undefined) return undefined
      const from = Number(after) + 1
      if (from < first.position || from > last.position) return undefined
      const start = from - first.position
      return rows.slice(start, maxCount < 0 ? undefined : start + maxCount)
    },
  }
}
