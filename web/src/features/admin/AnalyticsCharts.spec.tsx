import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { AnalyticsCharts, utcDaysNote } from './AnalyticsCharts'
import { analyticsQuery } from './queries'

neverAnsweringServer()

const day = (date: string, figures: Partial<AnalyticsAnswer['days'][number]>) => ({
  day: date,
  signUps: 0,
  activeUsers: 0,
  weeklyActiveUsers: 0,
  watches: 0,
  recommendationsSent: 0,
  recommendationsAccepted: 0,
  mailsSent: 0,
  mailsFailed: 0,
  ...figures,
})

const answer: AnalyticsAnswer = {
  days: [
    day('2026-11-27', { signUps: 2, activeUsers: 4, weeklyActiveUsers: 9, watches: 5, mailsSent: 3 }),
    day('2026-11-28', { signUps: 1, activeUsers: 3, weeklyActiveUsers: 10, watches: 7, mailsFailed: 1 }),
  ],
  mostWatchedThisWeek: [],
  mostWatchlistedThisWeek: [],
  notRecordedYet: [],
}

function showCharts() {
  // recharts measures its box; jsdom has none.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  const client = createQueryClient()
  client.setQueryData(analyticsQuery(7).queryKey, answer)
  render(
    <QueryClientProvider client={client}>
      <AnalyticsCharts days={7} onDays={() => undefined} />
    </QueryClientProvider>,
  )
}

describe('the overview charts, without seeing them', () => {
  it('say each chart’s figures in its caption', () => {
    showCharts()
    const captions = screen.getAllByRole('figure').map((figure) => figure.querySelector('figcaption')?.textContent)
    expect(captions).toEqual([
      'Sign-ups per day3 in all',
      'Active users3 on the last day · 10 in its week',
      'Watches per day12 in all',
      'Recommendationsnone sent',
      'Mails3 sent or in outbox · 1 failed',
    ])
  })

  it('give a screen reader each chart as a table of its days, and hide the drawing from it', () => {
    showCharts()
    const table = screen.getByRole('table', { name: 'Mails, day by day (UTC days)' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Day (UTC)', 'Sent or in outbox', 'Failed'],
      ['2026-11-27', '3', '0'],
      ['2026-11-28', '0', '1'],
    ])
    expect(screen.getAllByRole('table')).toHaveLength(5)
    for (const figure of screen.getAllByRole('figure'))
      expect(figure.querySelector('.h-48')?.getAttribute('aria-hidden')).toBe('true')
  })
})

describe('the overview’s days', () => {
  it('are said to be UTC days, on the screen and in every table', () => {
    showCharts()
    expect(screen.getByText(/^Days are UTC days, midnight to midnight UTC/)).toBeTruthy()
    for (const table of screen.getAllByRole('table')) {
      expect(table.querySelector('caption')?.textContent).toMatch(/\(UTC days\)$/)
      expect(table.querySelector('thead th')?.textContent).toBe('Day (UTC)')
    }
  })

  it('say when a UTC day starts on this device’s clock', () => {
    // 22:40 on 1 December in Los Angeles: 06:40 on the 2nd in UTC, whose day began at 16:00 there.
    const lateEvening = new Date('2026-12-02T06:40:00Z')
    expect(utcDaysNote(lateEvening, 'America/Los_Angeles')).toMatch(/\(4:00\s?PM here\)/)
    expect(utcDaysNote(lateEvening, 'UTC')).toBe('Days are UTC days, midnight to midnight UTC.')
  })
})
