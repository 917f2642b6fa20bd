import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { removeToast } from '../../lib/toast'
import { ShownToasts } from '../../lib/toastsInSpecs'
import { emailTemplateCalls } from '../emailTemplates/emailTemplateCalls'
import { emailTemplateKeys } from '../emailTemplates/queries'
import { campaignCalls } from './campaignCalls'
import { CampaignsEditor } from './CampaignsEditor'
import { campaignKeys, campaignsRefetchMs } from './queries'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  act(() => removeToast())
})

const campaign = (name: string, id: string, isActive = false): CampaignItem => ({
  id,
  name,
  description: '',
  isActive,
  steps: [{ stepOrder: 1, templateName: 'campaign-welcome', delayDays: 0 }],
  triggers: [{ triggerType: 'registered', triggerCondition: {} }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  entered: 0,
  completed: 0,
})
const welcome = campaign('Welcome', '0b8f3c52-6f0e-4c8e-9a57-2f1d6f0e3c11')
const comeBack = campaign('Come back', '6a1d2f0e-3c11-4c8e-9a57-0b8f3c526f0e', true)
const templates = [
  {
    name: 'campaign-welcome',
    description: '',
    subject: 'Hello',
    textContent: 'Hello',
    htmlContent: '<p>Hello</p>',
    variables: [],
    edited: false,
    editedAt: null,
  },
]

function showCampaigns(campaigns = [welcome, comeBack]) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(campaignKeys.all, { campaigns })
  queryClient.setQueryData(emailTemplateKeys.all, { templates })
  const list = vi.spyOn(campaignCalls, 'list').mockResolvedValue({ campaigns })
  vi.spyOn(emailTemplateCalls, 'list').mockResolvedValue({ templates })
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <CampaignsEditor />
        <ShownToasts />
      </QueryClientProvider>,
    ),
  )
  return { list }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))
const card = (name: string) => within(screen.getByRole('listitem', { name: `Campaign ${name}` }))
const click = (button: HTMLElement) => act(async () => fireEvent.click(button))
const edit = (name: string) => click(card(name).getByRole('button', { name: 'Edit' }))
const rename = (name: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } })
const openForm = () => screen.getByRole('form').getAttribute('aria-label')
const toasts = () => screen.getByRole('list', { name: 'Toasts' }).textContent

describe('the campaign list', () => {
  it('opens another campaign’s form at once when the open one has no changes', async () => {
    showCampaigns()
    await edit('Welcome')
    await edit('Come back')
    expect(openForm()).toBe('Edit Come back')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks before another campaign’s form replaces one with changes, and Stay keeps them', async () => {
    showCampaigns()
    await edit('Welcome')
    rename('Welcome aboard')
    await edit('Come back')
    const asked = await screen.findByRole('dialog', { name: 'Leave this campaign?' })
    expect(asked.textContent).toContain('Your changes will not be saved.')
    await click(screen.getByRole('button', { name: 'Stay' }))
    expect(openForm()).toBe('Edit Welcome')
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Welcome aboard')
  })

  it('opens the other campaign on Leave, and the changes are gone', async () => {
    showCampaigns()
    await edit('Welcome')
    rename('Welcome aboard')
    await edit('Come back')
    await screen.findByRole('dialog', { name: 'Leave this campaign?' })
    await click(screen.getByRole('button', { name: 'Leave' }))
    expect(openForm()).toBe('Edit Come back')
    expect(card('Welcome').getByRole('heading').textContent).toBe('Welcome')
    // The form left behind is no longer the open one's: opening a third asks nothing.
    await edit('Welcome')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks before "New campaign" replaces a form with changes', async () => {
    showCampaigns()
    await edit('Welcome')
    rename('Welcome aboard')
    await click(screen.getByRole('button', { name: 'New campaign' }))
    await screen.findByRole('dialog', { name: 'Leave this campaign?' })
    await click(screen.getByRole('button', { name: 'Leave' }))
    expect(openForm()).toBe('New campaign')
  })

  it('asks before a campaign’s form replaces a new one with something typed in it', async () => {
    showCampaigns()
    await click(screen.getByRole('button', { name: 'New campaign' }))
    rename('Come back soon')
    await edit('Welcome')
    await screen.findByRole('dialog', { name: 'Leave the new campaign?' })
    await click(screen.getByRole('button', { name: 'Stay' }))
    expect(openForm()).toBe('New campaign')
  })

  it('asks nothing after Cancel closed a form with changes', async () => {
    showCampaigns()
    await edit('Welcome')
    rename('Welcome aboard')
    await click(screen.getByRole('button', { name: 'Cancel' }))
    await edit('Come back')
    expect(openForm()).toBe('Edit Come back')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('activating and pausing from the list', () => {
  it('activates the campaign as its card shows it', async () => {
    showCampaigns()
    const activated = vi.spyOn(campaignCalls, 'activate').mockResolvedValue({ ...welcome, isActive: true })
    await click(card('Welcome').getByRole('button', { name: 'Activate' }))
    expect(activated).toHaveBeenCalledWith(welcome.id, '2026-01-01T00:00:00.000Z')
  })

  it('takes a double click on Activate as one press: one activation, and no pause once the card shows it active', async () => {
    const { list } = showCampaigns()
    await settle()
    const activated = vi.spyOn(campaignCalls, 'activate').mockResolvedValue({ ...welcome, isActive: true })
    const paused = vi.spyOn(campaignCalls, 'pause').mockResolvedValue(welcome)
    list.mockResolvedValue({ campaigns: [{ ...welcome, isActive: true }, comeBack] })
    const button = card('Welcome').getByRole('button', { name: 'Activate' })
    // Both clicks while the activation is on its way…
    await act(async () => {
      fireEvent.click(button, { detail: 1 })
      fireEvent.click(button, { detail: 2 })
    })
    await settle()
    expect(activated).toHaveBeenCalledTimes(1)
    // …or the second after a quick answer, the card now offering Pause.
    expect(button.textContent).toBe('Pause')
    await act(async () => fireEvent.click(button, { detail: 2 }))
    await settle()
    expect(paused).not.toHaveBeenCalled()
  })

  it('says why an activation of a campaign changed since was refused, and shows the campaign as it is now', async () => {
    const { list } = showCampaigns()
    await settle()
    vi.spyOn(campaignCalls, 'activate').mockRejectedValue(
      new ApiError(
        'This campaign was changed since you last saw it (saved, activated or paused by another admin or in another tab). Look at it again before activating it.',
        409,
      ),
    )
    // Another admin added a step meanwhile.
    const changed: CampaignItem = {
      ...welcome,
      steps: [...welcome.steps, { stepOrder: 2, templateName: 'campaign-welcome', delayDays: 3 }],
      updatedAt: '2026-01-02T00:00:00.000Z',
    }
    list.mockResolvedValue({ campaigns: [changed, comeBack] })
    await click(card('Welcome').getByRole('button', { name: 'Activate' }))
    await settle()
    expect(toasts()).toContain(
      'Not activated: This campaign was changed since you last saw it (saved, activated or paused by another admin or in another tab). Look at it again before activating it.',
    )
    expect(card('Welcome').getAllByRole('listitem')).toHaveLength(2)
  })

  it('keeps the keyboard on Pause while it is on its way (not disabled), and a second press sends nothing', async () => {
    showCampaigns()
    const paused = vi.spyOn(campaignCalls, 'pause').mockReturnValue(new Promise(() => undefined))
    const pause = card('Come back').getByRole('button', { name: 'Pause' })
    pause.focus()
    await click(pause)
    await settle()
    expect(pause.hasAttribute('disabled')).toBe(false)
    expect(pause.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(pause)
    await click(pause)
    expect(paused).toHaveBeenCalledTimes(1)
  })

  it('pauses whatever the campaign is now', async () => {
    showCampaigns()
    const paused = vi.spyOn(campaignCalls, 'pause').mockResolvedValue({ ...comeBack, isActive: false })
    await click(card('Come back').getByRole('button', { name: 'Pause' }))
    expect(paused).toHaveBeenCalledWith(comeBack.id)
  })
})

describe('deleting a campaign', () => {
  const deleteButton = (name: string) => card(name).getByRole('button', { name: 'Delete campaign' })
  const dialog = () => within(screen.getByRole('dialog'))

  it('asks first, naming the campaign and what happens to its members and its mails', async () => {
    showCampaigns()
    const removed = vi.spyOn(campaignCalls, 'remove')
    await click(deleteButton('Come back'))
    expect(screen.getByRole('dialog', { name: 'Delete “Come back”?' })).toBeTruthy()
    expect(screen.getByRole('dialog').textContent).toContain(
      'It stops at once: nobody enters it any more. Members in it get no more of its emails. Mails already sent stay in the outbox.',
    )
    await click(dialog().getByRole('button', { name: 'Cancel' }))
    expect(removed).not.toHaveBeenCalled()
  })

  it('deletes the campaign as its card shows it, and the list no longer has it', async () => {
    const { list } = showCampaigns()
    await settle()
    const removed = vi.spyOn(campaignCalls, 'remove').mockResolvedValue({ message: 'The campaign has been deleted.' })
    list.mockResolvedValue({ campaigns: [comeBack] })
    await click(deleteButton('Welcome'))
    expect(screen.getByRole('dialog').textContent).toContain('It can never be activated again.')
    await click(dialog().getByRole('button', { name: 'Delete campaign' }))
    await settle()
    expect(removed).toHaveBeenCalledWith(welcome.id, '2026-01-01T00:00:00.000Z')
    expect(screen.queryByRole('listitem', { name: 'Campaign Welcome' })).toBeNull()
    expect(screen.getByRole('listitem', { name: 'Campaign Come back' })).toBeTruthy()
  })

  it('says why a deletion was refused, as the other campaign actions do', async () => {
    showCampaigns()
    await settle()
    vi.spyOn(campaignCalls, 'remove').mockRejectedValue(
      new ApiError(
        'This campaign was changed since you last saw it (saved, activated or paused by another admin or in another tab). Look at it again before deleting it.',
        409,
      ),
    )
    await click(deleteButton('Welcome'))
    await click(dialog().getByRole('button', { name: 'Delete campaign' }))
    await settle()
    expect(toasts()).toContain('Not deleted: This campaign was changed since you last saw it')
    expect(screen.getByRole('listitem', { name: 'Campaign Welcome' })).toBeTruthy()
  })
})

describe('a campaign’s report', () => {
  it('opens under its card on Report, for that campaign, and closes again', async () => {
    showCampaigns()
    const report = vi.spyOn(campaignCalls, 'report').mockResolvedValue({
      campaignId: comeBack.id,
      name: comeBack.name,
      isActive: true,
      asOf: '2026-01-02T00:00:00.000Z',
      members: { entered: 0, inProgress: 0, completed: 0, unsubscribed: 0, suspended: 0, deletedBeforeCompleting: 0 },
      steps: [],
    })
    const button = card('Come back').getByRole('button', { name: 'Report' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const panel = card('Come back').getByRole('region', { name: 'Report' })
    expect(button.getAttribute('aria-controls')).toBe(panel.id)
    expect(await within(panel).findByText('No one has entered this campaign yet.')).toBeTruthy()
    expect(report).toHaveBeenCalledWith(comeBack.id)
    expect(card('Welcome').queryByRole('region', { name: 'Report' })).toBeNull()
    await click(button)
    expect(card('Come back').queryByRole('region', { name: 'Report' })).toBeNull()
  })
})

describe('how many members entered', () => {
  /** The list as shown, then as the server answers from now on; how often it was asked while open for `ms`. */
  async function shownFor(ms: number, campaigns: CampaignItem[], later: CampaignItem[]) {
    vi.useFakeTimers()
    try {
      const { list } = showCampaigns(campaigns)
      await act(() => vi.advanceTimersByTimeAsync(0))
      list.mockResolvedValue({ campaigns: later })
      await act(() => vi.advanceTimersByTimeAsync(ms))
      // The answer to a refetch at the last moment reaches the screen a tick later.
      await act(() => vi.advanceTimersByTimeAsync(10))
      return list.mock.calls.length
    } finally {
      vi.useRealTimers()
    }
  }

  it('moves on by itself while the campaign is active: members enter it without the admin doing anything', async () => {
    await shownFor(campaignsRefetchMs, [comeBack], [{ ...comeBack, entered: 3 }])
    expect(card('Come back').getByText(/^3 members entered/)).toBeTruthy()
  })

  it('is not asked again while every campaign is paused, when no one can enter', async () => {
    // Once: the list as it is when the screen opens.
    expect(await shownFor(3 * campaignsRefetchMs, [welcome], [{ ...welcome, entered: 3 }])).toBe(1)
  })
})

describe('the keyboard around a campaign’s form', () => {
  it('goes into the form an Edit opens, and back to that Edit when the form is cancelled', async () => {
    showCampaigns()
    await edit('Come back')
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    await click(within(screen.getByRole('form', { name: 'Edit Come back' })).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(card('Come back').getByRole('button', { name: 'Edit' }))
  })

  it('goes back to the card’s Edit once the campaign is saved', async () => {
    showCampaigns()
    vi.spyOn(campaignCalls, 'update').mockResolvedValue({ ...welcome, updatedAt: '2026-01-02T00:00:00.000Z' })
    await edit('Welcome')
    await click(screen.getByRole('button', { name: 'Save campaign' }))
    await settle()
    expect(document.activeElement).toBe(card('Welcome').getByRole('button', { name: 'Edit' }))
  })

  it('goes into a new campaign’s form, and back to “New campaign” when it is cancelled', async () => {
    showCampaigns()
    await click(screen.getByRole('button', { name: 'New campaign' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    await click(within(screen.getByRole('form', { name: 'New campaign' })).getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New campaign' }))
  })
})
