import type { CampaignReport, CampaignReportStep } from '@reelmates/contracts/campaignReports'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { campaignCalls } from './campaignCalls'
import { CampaignReportPanel, nextSend } from './CampaignReportPanel'
import { campaignsRefetchMs } from './queries'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const campaignId = '0b8f3c52-6f0e-4c8e-9a57-2f1d6f0e3c11'
const asOf = '2026-11-22T10:00:00.000Z'
const step = (stepOrder: number, more: Partial<CampaignReportStep> = {}): CampaignReportStep => ({
  stepOrder,
  templateName: stepOrder === 1 ? 'campaign-welcome' : 'campaign-find-friends',
  delayDays: stepOrder === 1 ? 0 : 3,
  reached: 0,
  sent: 0,
  failed: 0,
  lastSentAt: null,
  lastFailure: null,
  waiting: 0,
  unsubscribed: 0,
  suspended: 0,
  nextDueAt: null,
  ...more,
})
const nobody = { entered: 0, inProgress: 0, completed: 0, unsubscribed: 0, suspended: 0, deletedBeforeCompleting: 0 }
const reportWith = (more: Partial<CampaignReport> = {}): CampaignReport => ({
  campaignId,
  name: 'Welcome',
  isActive: true,
  asOf,
  members: nobody,
  steps: [step(1), step(2)],
  ...more,
})

async function showReport(report: CampaignReport | Error) {
  const call = vi.spyOn(campaignCalls, 'report')
  if (report instanceof Error) call.mockRejectedValue(report)
  else call.mockResolvedValue(report)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CampaignReportPanel id="report" campaignId={campaignId} />
    </QueryClientProvider>,
  )
  await waitFor(() => expect(screen.queryByText('Loading the report…')).toBeNull())
  expect(call).toHaveBeenCalledWith(campaignId)
}

/** The figure beside a label in the members' list. */
const figure = (label: string) =>
  within(screen.getByLabelText('Members')).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const stepText = (stepOrder: number) => screen.getByRole('listitem', { name: `Step ${stepOrder}` }).textContent

describe('the campaign report', () => {
  it('says no one has entered a campaign nobody entered, and shows no empty figures', async () => {
    await showReport(reportWith())
    expect(screen.getByText('No one has entered this campaign yet.')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull()
  })

  it('shows who entered, is on the way, completed, unsubscribed or left', async () => {
    await showReport(
      reportWith({
        members: {
          entered: 12,
          inProgress: 7,
          completed: 3,
          unsubscribed: 2,
          suspended: 1,
          deletedBeforeCompleting: 2,
        },
        steps: [step(1, { reached: 12, sent: 12 }), step(2, { reached: 3, sent: 3 })],
      }),
    )
    expect(figure('Entered')).toBe('12')
    expect(figure('In progress')).toBe('7')
    expect(figure('Completed')).toBe('3')
    expect(figure('Unsubscribed, waiting where they are')).toBe('2')
    expect(figure('Suspended, waiting until restored')).toBe('1')
    expect(figure('Left before completing (account deleted)')).toBe('2')
    expect(screen.getByText(/Opens and clicks are not tracked/)).toBeTruthy()
  })

  it('shows each step’s mails sent and failed with the last failure’s reason, and who waits for it', async () => {
    const dueAt = '2026-11-25T10:00:00.000Z'
    await showReport(
      reportWith({
        members: { ...nobody, entered: 5, inProgress: 4, completed: 1, unsubscribed: 1 },
        steps: [
          step(1, {
            reached: 5,
            sent: 3,
            failed: 1,
            lastSentAt: '2026-11-21T09:00:00.000Z',
            lastFailure: { at: '2026-11-21T08:00:00.000Z', error: '550 Mailbox unavailable' },
          }),
          step(2, { reached: 1, sent: 1, waiting: 3, unsubscribed: 1, suspended: 2, nextDueAt: dueAt }),
        ],
      }),
    )
    expect(stepText(1)).toContain('1. campaign-welcome')
    expect(stepText(1)).toContain('5 members reached · 3 sent · 1 failed')
    expect(stepText(1)).toContain(`last sent ${new Date('2026-11-21T09:00:00.000Z').toLocaleString()}`)
    expect(stepText(1)).toContain(
      `Last failure ${new Date('2026-11-21T08:00:00.000Z').toLocaleString()}: 550 Mailbox unavailable`,
    )
    expect(stepText(1)).toContain('1 not mailed: unsubscribed, suspended or left before it went out, or on its way')
    expect(stepText(2)).toContain(`3 members waiting, the next due ${new Date(dueAt).toLocaleString()}`)
    expect(stepText(2)).toContain('1 member unsubscribed before it, waiting')
    expect(stepText(2)).toContain('2 members suspended before it, waiting until restored')
    expect(stepText(2)).not.toContain('not mailed')
  })

  it('says so when a failure’s reason is no longer kept (the member’s mail was erased)', async () => {
    await showReport(
      reportWith({
        members: { ...nobody, entered: 1, deletedBeforeCompleting: 1 },
        steps: [step(1, { reached: 1, failed: 1, lastFailure: { at: asOf, error: null } })],
      }),
    )
    expect(stepText(1)).toContain('its reason is no longer kept')
  })

  it('tells a refusal', async () => {
    await showReport(new ApiError('There is no campaign with that id.', 404))
    expect(screen.getByRole('alert').textContent).toBe('There is no campaign with that id.')
  })
})

describe('when a step’s next mail goes', () => {
  const waiting = step(2, { waiting: 2, nextDueAt: '2026-11-25T10:00:00.000Z' })
  it('is nothing to tell when no one waits for it', () => {
    expect(nextSend(step(2), { isActive: true, asOf })).toBeNull()
  })
  it('is now when it fell due before the report was made', () => {
    expect(nextSend(waiting, { isActive: true, asOf: '2026-11-26T00:00:00.000Z' })).toBe(
      '2 members waiting, due now (the campaign job sends within 5 minutes)',
    )
  })
  it('is not before the campaign is activated when it is paused', () => {
    expect(nextSend(waiting, { isActive: false, asOf })).toMatch(/paused, so nothing goes until it is activated$/)
  })
})

describe('the report of an active campaign', () => {
  it('moves on by itself, as its card does, while members enter', async () => {
    vi.useFakeTimers()
    try {
      const call = vi.spyOn(campaignCalls, 'report').mockResolvedValue(reportWith())
      render(
        <QueryClientProvider client={createQueryClient()}>
          <CampaignReportPanel id="report" campaignId={campaignId} />
        </QueryClientProvider>,
      )
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(screen.getByText('No one has entered this campaign yet.')).toBeTruthy()
      call.mockResolvedValue(reportWith({ members: { ...nobody, entered: 2, inProgress: 2 } }))
      await act(() => vi.advanceTimersByTimeAsync(campaignsRefetchMs + 10))
      expect(figure('Entered')).toBe('2')
    } finally {
      vi.useRealTimers()
    }
  })
})
