import { newerFirst, type TimelineEntry } from './activityTimelines'

/** Where a page starts: strictly older than this `(createdAt, id)`, or from the newest when null. */
export type After = { createdAt: string; id: string } | null

/** One timeline read line by line from its newest entry, parsing only the lines it is asked for. */
class TimelineReader {
  private at = 0
  current: TimelineEntry | null = null

  constructor(private readonly entries: string) {}

  /** Moves to the first entry strictly older than `after`, skipping newer lines by their date alone. */
  start(after: After): this {
    if (after !== null) {
      while (this.at < this.entries.length) {
        const tab = this.entries.indexOf('\t', this.at)
        const createdAt = this.entries.slice(this.at, tab)
        if (createdAt < after.createdAt) break
        if (createdAt === after.createdAt) {
          const end = this.entries.indexOf('\t', tab + 1)
          if (this.entries.slice(tab + 1, end) < after.id) break
        }
        this.skipLine()
      }
    }
    return this.advance()
  }

  advance(): this {
    if (this.at >= this.entries.length) {
      this.current = null
      return this
    }
    const { entries, at } = this
    const newline = entries.indexOf('\n', at)
    const end = newline === -1 ? entries.length : newline
    const tab = entries.indexOf('\t', at)
    const secondTab = entries.indexOf('\t', tab + 1)
    this.current = {
      createdAt: entries.slice(at, tab),
      id: entries.slice(tab + 1, secondTab),
      ownerId: entries.slice(secondTab + 1, end),
    }
    this.at = end + 1
    return this
  }

  private skipLine(): void {
    const end = this.entries.indexOf('\n', this.at)
    this.at = end === -1 ? this.entries.length : end + 1
  }
}

interface Head {
  entry: TimelineEntry
  reader: TimelineReader
}

/**
 * The `count` newest entries past `after` of several timelines, each already newest first: a k-way
 * merge over a binary heap of the timelines' heads. It parses one line per timeline and one more per
 * entry it gives, where sorting the first `count` of every timeline parsed and compared thousands.
 */
export function newestOf(timelines: readonly string[], after: After, count: number): TimelineEntry[] {
  const heap: Head[] = []
  for (const entries of timelines) {
    const reader = new TimelineReader(entries).start(after)
    if (reader.current) heap.push({ entry: reader.current, reader })
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i)
  const taken: TimelineEntry[] = []
  for (let head = heap[0]; head && taken.length < count; head = heap[0]) {
    taken.push(head.entry)
    const next = head.reader.advance().current
    if (next) head.entry = next
    else {
      const last = heap.pop()
      if (last === head) break
      if (last) heap[0] = last
    }
    siftDown(heap, 0)
  }
  return taken
}

function siftDown(heap: Head[], from: number): void {
  for (let at = from; ;) {
    const here = heap[at]
    const left = heap[2 * at + 1]
    const right = heap[2 * at + 2]
    if (!here || !left) return
    const newer = right && newerFirst(right.entry, left.entry) < 0 ? right : left
    if (newerFirst(newer.entry, here.entry) >= 0) return
    const to = newer === left ? 2 * at + 1 : 2 * at + 2
    heap[at] = newer
    heap[to] = here
    at = to
  }
}
