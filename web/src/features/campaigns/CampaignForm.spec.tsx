import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import * as toastModule from '../../lib/toast'
import { emailTemplateKeys } from '../emailTemplates/queries'
import { campaignCalls } from './campaignCalls'
import { CampaignForm } from './CampaignForm'

beforeAll(imitateModalDialogs)
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
  const router = routerInMemory()
  const form = (shown?: CampaignItem) =>
    withinRouter(
      router,
      <QueryClientProvider client={queryClient}>
        <CampaignForm campaign={shown} onDone={() => undefined} />
      </QueryClientProvider>,
    )
  const { rerender } = render(form(campaign))
  return Object.assign(saved, { showAgain: (shown: CampaignItem) => rerender(form(shown)), router })
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }))

describe('the campaign form', () => {
  it('takes no longer a name or description than the server keeps', () => {
    showForm()
    expect(screen.getByLabelText('Name').getAttribute('maxlength')).toBe('100')
    expect(screen.getByLabelText('Description').getAttribute('maxlength')).toBe('500')
  })

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
    fireEvent.change(screen.getByLabelText('Trigger 1: Number of titles'), { target: { value: '' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the number of titles, from 1 to 10000')
    expect(saved).not.toHaveBeenCalled()
  })

  it('names each trigger’s number for its trigger and what it counts', () => {
    showForm({
      ...welcome,
      triggers: [
        { triggerType: 'watched', triggerCondition: { count: 3 } },
        { triggerType: 'inactive', triggerCondition: { days: 14 } },
      ],
    })
    expect(screen.getByRole('spinbutton', { name: 'Trigger 1: Number of titles' })).toHaveProperty('value', '3')
    expect(screen.getByRole('spinbutton', { name: 'Trigger 2: Number of days' })).toHaveProperty('value', '14')
  })

  it('refuses days out of the range the server keeps', async () => {
    showForm(welcome)
    fireEvent.change(screen.getByLabelText('Step 1 days after entry'), { target: { value: '400' } })
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('The days must be from 0 to 365')
  })

  it('refuses an empty name under the field, with the focus there', async () => {
    const saved = showForm(welcome)
    const name = screen.getByLabelText('Name')
    fireEvent.change(name, { target: { value: '  ' } })
    save()
    const problem = await screen.findByRole('alert')
    expect(problem.textContent).toBe('A campaign needs a name.')
    expect(name.getAttribute('aria-describedby')).toBe(problem.id)
    expect(document.activeElement).toBe(name)
    expect(saved).not.toHaveBeenCalled()
  })

  it('says a name another campaign has under the field, until the name changes', async () => {
    const saved = showForm(welcome)
    saved.mockRejectedValueOnce(
      new ApiError('Another campaign has that name already.', 409, undefined, {
        name: 'Another campaign has that name already.',
      }),
    )
    const toasts = vi.spyOn(toastModule, 'toast')
    save()
    expect((await screen.findByRole('alert')).textContent).toBe('Another campaign has that name already.')
    expect(toasts).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Welcome back' } })
    expect(screen.queryByRole('alert')).toBeNull()
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
      basedOn: '2026-01-01T00:00:00.000Z',
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('saves based on the campaign as the form opened it, not as the list fetched it since', async () => {
    const saved = showForm(welcome)
    // Another admin's save reached the list while this form was open with the older campaign.
    saved.showAgain({ ...welcome, name: 'Welcome (v2)', updatedAt: '2026-01-02T00:00:00.000Z' })
    save()
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(saved.mock.calls[0]?.[1]).toMatchObject({ name: 'Welcome', basedOn: '2026-01-01T00:00:00.000Z' })
  })
})

describe('leaving the campaign form', () => {
  const rename = (name: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } })
  const leave = (router: ReturnType<typeof routerInMemory>) =>
    act(async () => {
      router.history.push('/elsewhere')
      await Promise.resolve()
    })
  const asked = () => screen.queryByRole('dialog', { name: 'Leave this page?' })
  /** Leaving with the changes unsaved is asked about first; Stay keeps the form. */
  async function askedAndStayed(router: ReturnType<typeof routerInMemory>) {
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(where(router)).toBe('/')
  }

  it('asks before leaving a changed campaign, and Stay keeps the changes', async () => {
    const { router } = showForm(welcome)
    rename('Welcome back')
    await askedAndStayed(router)
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Welcome back')
  })

  it('asks before leaving a new campaign once something is typed in it', async () => {
    const { router } = showForm()
    rename('Come back')
    await askedAndStayed(router)
  })

  it('lets go of a campaign changed back to what it was', async () => {
    const { router } = showForm(welcome)
    rename('Welcome back')
    await askedAndStayed(router)
    rename('Welcome')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('lets go once the campaign is saved', async () => {
    const saved = showForm(welcome)
    rename('Welcome back')
    await askedAndStayed(saved.router)
    save()
    await waitFor(() => expect(saved).toHaveBeenCalledOnce())
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    await leave(saved.router)
    expect(where(saved.router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('lets Cancel throw the changes away without asking, as it is meant to', async () => {
    const queryClient = createQueryClient()
    queryClient.setQueryData(emailTemplateKeys.all, { templates: [template('campaign-welcome')] })
    const router = routerInMemory()
    function Editing() {
      const [open, setOpen] = useState(true)
      return open ? <CampaignForm campaign={welcome} onDone={() => setOpen(false)} /> : <p>Closed</p>
    }
    render(
      withinRouter(
        router,
        <QueryClientProvider client={queryClient}>
          <Editing />
        </QueryClientProvider>,
      ),
    )
    rename('Welcome back')
    await askedAndStayed(router)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(asked()).toBeNull()
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })
})
