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
  /** The entry's date as two numbers that order as its text does (NaN: not the usual ISO form). */
  day: number
  time: number
}

/**
 * Sets `head`'s numeric date from its entry. Comparing the dates' text was most of a merge's time
 * (two string comparisons per step, some seven hundred steps a page over 200 timelines); the usual
 * `YYYY-MM-DDTHH:mm:ss.sssZ` is fixed-width digits, so its date part and time part as numbers compare
 * exactly as the text does. Any other form keeps NaN and is compared as text.
 */
function keyed(head: Head): Head {
  const text = head.entry.createdAt
  const usual =
    text.length === 24 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 84 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(19) === 46 &&
    text.charCodeAt(23) === 90
  head.day = usual ? digits(text, 0, 4) * 10_000 + digits(text, 5, 2) * 100 + digits(text, 8, 2) : Number.NaN
  head.time = usual
    ? digits(text, 11, 2) * 10_000_000 +
      digits(text, 14, 2) * 100_000 +
      digits(text, 17, 2) * 1_000 +
      digits(text, 20, 3)
    : Number.NaN
  return head
}

/** The number written by `length` decimal digits at `from`; NaN when any is not a digit. */
function digits(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    value = value * 10 + digit
  }
  return value
}

/** `newerFirst` of the heads' entries, through their numeric dates where both have one. */
function newerHead(a: Head, b: Head): number {
  if (Number.isNaN(a.time) || Number.isNaN(b.time) || Number.isNaN(a.day) || Number.isNaN(b.day))
    return newerFirst(a.entry, b.entry)
  if (a.day !== b.day) return a.day < b.day ? 1 : -1
  if (a.time !== b.time) return a.time < b.time ? 1 : -1
  return newerFirst(a.entry, b.entry)
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
    if (reader.current) heap.push(keyed({ entry: reader.current, reader, day: 0, time: 0 }))
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i)
  const taken: TimelineEntry[] = []
  for (let head = heap[0]; head && taken.length < count; head = heap[0]) {
    taken.push(head.entry)
    const next = head.reader.advance().current
    if (next) {
      head.entry = next
      keyed(head)
    } else {
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
    const newer = right && newerHead(right, left) < 0 ? right : left
    if (newerHead(newer, here) >= 0) return
    const to = newer === left ? 2 * at + 1 : 2 * at + 2
    heap[at] = newer
    heap[to] = here
    at = to
  }
}
