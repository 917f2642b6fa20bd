import { describe, expect, it } from 'vitest'
import { newerFirst, type TimelineEntry } from './activityTimelines'
import { newestOf } from './timelineMerge'

const format = (entries: TimelineEntry[]) =>
  [...entries]
    .sort(newerFirst)
    .map((entry) => `${entry.createdAt}\t${entry.id}\t${entry.ownerId}`)
    .join('\n')

/** Timelines with many equal dates, so the id has to break ties across timelines. */
function timelines(owners: number, each: number): { lines: string[]; all: TimelineEntry[] } {
  const all: TimelineEntry[] = []
  const lines: string[] = []
  for (let owner = 0; owner < owners; owner++) {
    const mine: TimelineEntry[] = []
    for (let n = 0; n < each; n++) {
      const minute = String((owner * 7 + n * 3) % 13).padStart(2, '0')
      mine.push({ createdAt: `2026-11-20T10:${minute}:00.000Z`, id: `a${owner}-${n}`, ownerId: `u${owner}` })
    }
    all.push(...mine)
    lines.push(format(mine))
  }
  return { lines: [...lines, ''], all: all.sort(newerFirst) }
}

describe('newestOf', () => {
  it('gives the newest entries of all timelines, as sorting them all would', () => {
    const { lines, all } = timelines(30, 9)
    expect(newestOf(lines, null, 20)).toEqual(all.slice(0, 20))
  })

  it('pages through every entry once, in order, from each page’s last entry (ties on the date included)', () => {
    const { lines, all } = timelines(12, 11)
    const seen: TimelineEntry[] = []
    for (let page = newestOf(lines, null, 7); page.length > 0;) {
      seen.push(...page)
      const last = page[page.length - 1]!
      page = newestOf(lines, { createdAt: last.createdAt, id: last.id }, 7)
    }
    expect(seen).toEqual(all)
  })

  it('answers fewer when the timelines hold fewer, and nothing for none', () => {
    const { lines, all } = timelines(2, 3)
    expect(newestOf(lines, null, 20)).toEqual(all)
    expect(newestOf([], null, 20)).toEqual([])
  })

  it('orders dates written in other forms as their text, beside the usual ones', () => {
    const dates = [
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:00:00Z',
      '2026-11-20T10:00:00.500Z',
      '2026-11-20T09:59:59.999Z',
      '2026-11-2OT10:00:00.000Z',
      '2026-11-1:T10:00:00.000Z',
      '+020000-01-01T00:00:00.000Z',
      '2026-11-20',
    ]
    const all: TimelineEntry[] = []
    const lines: string[] = []
    for (let owner = 0; owner < 5; owner++) {
      // Each timeline holds some of the dates, so heads of every form meet in the merge.
      const mine = dates
        .map((createdAt, n) => ({ createdAt, id: `a${owner}-${n}`, ownerId: `u${owner}` }))
        .filter((_, n) => (n + owner) % 3 !== 0)
      all.push(...mine)
      lines.push(format(mine))
    }
    expect(newestOf(lines, null, all.length)).toEqual(all.sort(newerFirst))
  })
})
