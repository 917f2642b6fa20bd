import { describe, expect, it } from 'vitest'
import { diaryMonths } from './diaryMonths'

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' })
const watch = (id: string, watchedOn: string | null, watchedAt = `${watchedOn ?? '2026-01-01'}T12:00:00.000Z`) => ({
  id,
  watchedOn,
  watchedAt,
})

describe('a diary read month by month', () => {
  it('gathers the entries of each month in the order the list has them, newest first or oldest first', () => {
    const newestFirst = [
      watch('a', '2026-11-29'),
      watch('b', '2026-11-01'),
      watch('c', '2026-10-31'),
      watch('d', '2025-11-15'),
    ]
    const months = diaryMonths(newestFirst)
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-10', '2025-11'])
    expect(months.map((month) => month.entries.map(({ entry, index }) => [entry.id, index]))).toEqual([
      [
        ['a', 0],
        ['b', 1],
      ],
      [['c', 2]],
      [['d', 3]],
    ])
    expect(diaryMonths([...newestFirst].reverse()).map((month) => month.month)).toEqual([
      '2025-11',
      '2026-10',
      '2026-11',
    ])
  })

  it("names a month as the reader's locale does", () => {
    expect(diaryMonths([watch('a', '2026-02-28')])[0]?.label).toBe(monthFormat.format(new Date(2026, 1, 15)))
  })

  it("takes the writer's day, not the instant's, and an entry without a day by its instant", () => {
    // Watched on the evening of 31 October in New York: 1 November in UTC.
    const months = diaryMonths([
      watch('a', null, '2026-11-20T12:00:00.000Z'),
      watch('b', '2026-10-31', '2026-11-01T01:00:00.000Z'),
    ])
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-10'])
  })

  it('starts a new run when a month comes back later in the list, moving nothing', () => {
    const months = diaryMonths([watch('a', '2026-11-01'), watch('b', '2026-10-31'), watch('c', '2026-11-01')])
    expect(months.map((month) => month.month)).toEqual(['2026-11', '2026-10', '2026-11'])
  })

  it('is nothing for an empty diary', () => {
    expect(diaryMonths([])).toEqual([])
  })
})
