import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { emailTemplateKeys } from '../emailTemplates/queries'
import { campaignCalls } from './campaignCalls'
import { CampaignForm } from './CampaignForm'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const template = (name: string) => ({
  name,
  description: '',
  subject: 'Hello',
  textContent: 'Hello',
  htmlContent: '<p>Hello</p>',
  variables: [],
  edited: false,
})

const welcome: CampaignItem = {
  id: '0b8f3c52-6f0e-4c8e-9a57-2f1d6f0e3c11',
  name: 'Welcome',
  description: '',
  isActive: true,
  steps: [{ stepOrder: 1, templateName: 'campaign-welcome', delayDays: 2 }],
  triggers: [{ triggerType: 'watched', triggerCondition: { count: 3 } }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  entered: 0,
  completed: 0,
}

function showForm(campaign?: CampaignItem) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(emailTemplateKeys.all, { templates: [template('campaign-welcome')] })
  const saved = vi.spyOn(campaignCalls, 'update').mockResolvedValue(welcome)
  render(
    <QueryClientProvider client={queryClient}>
      <CampaignForm campaign={campaign} onDone={() => undefined} />
    </QueryClientProvider>,
  )
  return saved
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }))

describe('the campaign form', () => {
  it('refuses a cleared "days after entry" beside the field rather than saving it as 0', async () => {
    const saved = showForm(welcome)
    const days = screen.getByLabelText('Step 1 days after entry')
    fireEvent.change(days, { target: { value: '' } })
    save()
    const problem = await screen.findByRole('alert')
    expect(problem.textContent).toBe('Enter the days after entry (0 sends it at once)')
    expect(days.getAttribute('aria-describedby')).toBe(problem.id)
    expect(saved).not.toHaveBeenCalled()
  })

  it('refuses a cleared trigger amount beside the field', async () => {
    const saved = showForm(welcome)
    fireEvent.change(screen.getByLabelText('N'), { target: { value: '' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the number of titles, from 1 to 10000')
    expect(saved).not.toHaveBeenCalled()
  })

  it('refuses days out of the range the server keeps', async () => {
    showForm(welcome)
    fireEvent.change(screen.getByLabelText('Step 1 days after entry'), { target: { value: '400' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('The days must be from 0 to 365')
  })

  it('saves 0 days typed as 0: the mail goes at once', async () => {
    const saved = showForm(welcome)
    fireEvent.change(screen.getByLabelText('Step 1 days after entry'), { target: { value: '0' } })
    save()
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(saved.mock.calls[0]?.[1]).toEqual({
      name: 'Welcome',
      description: '',
      steps: [{ templateName: 'campaign-welcome', delayDays: 0 }],
      triggers: [{ triggerType: 'watched', triggerCondition: { count: 3 } }],
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
