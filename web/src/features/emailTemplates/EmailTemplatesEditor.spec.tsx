import type { EmailTemplateItem } from '@reelmates/contracts/emailTemplates'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { ApiError } from '../../lib/apiError'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { removeToast } from '../../lib/toast'
import { ShownToasts } from '../../lib/toastsInSpecs'
import { emailTemplateCalls } from './emailTemplateCalls'
import { EmailTemplatesEditor } from './EmailTemplatesEditor'
import { emailTemplateKeys } from './queries'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  act(() => removeToast())
})

const template = (name: string, subject: string, edited = false): EmailTemplateItem => ({
  name,
  description: '',
  subject,
  textContent: 'Hello {{username}}',
  htmlContent: '<p>Hello {{username}}</p>',
  variables: ['username'],
  edited,
  editedAt: edited ? '2026-01-01T00:00:00.000Z' : null,
})
const welcome = template('campaign-welcome', 'Welcome to Reelmates')
const reset = template('password-reset', 'Reset your Reelmates password')

function showEditor(templates = [welcome, reset]) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(emailTemplateKeys.all, { templates })
  const list = vi.spyOn(emailTemplateCalls, 'list').mockResolvedValue({ templates })
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={queryClient}>
        <EmailTemplatesEditor />
        <ShownToasts />
      </QueryClientProvider>,
    ),
  )
  /** A refetch of the list (another part of the screen asked for it) brings the templates as the server has them now. */
  const listBrings = async (...now: EmailTemplateItem[]) => {
    list.mockResolvedValue({ templates: now })
    await act(() => queryClient.refetchQueries({ queryKey: emailTemplateKeys.all }))
    // React Query tells the screen a task later.
    await settle()
  }
  return { router, listBrings }
}

const subject = () => screen.getByLabelText<HTMLInputElement>('Subject')
const text = () => screen.getByLabelText<HTMLInputElement>('Text')
const writeSubject = (text: string) => fireEvent.change(subject(), { target: { value: text } })
const pick = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const shownTemplate = () => screen.getByRole('form').getAttribute('aria-label')
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))
/** "Restore built-in", then "Restore" in the question it asks. */
const restoreConfirmed = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore built-in' })))
  await screen.findByRole('dialog', { name: 'Restore the built-in text?' })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore' })))
}

describe('the email template editor', () => {
  it('asks before leaving the page with a template changed and not saved', async () => {
    const { router } = showEditor()
    writeSubject('Welcome aboard')
    await leave(router)
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy()
    expect(where(router)).toBe('/')
  })

  it('switches templates at once when nothing changed, and asks first when something did', async () => {
    showEditor()
    await pick('password-reset')
    expect(shownTemplate()).toBe('Template password-reset')
    await pick('campaign-welcome')
    writeSubject('Welcome aboard')
    await pick('password-reset')
    const asked = await screen.findByRole('dialog', { name: 'Leave this template?' })
    expect(asked.textContent).toContain('Your changes will not be saved.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(shownTemplate()).toBe('Template campaign-welcome')
    expect(subject().value).toBe('Welcome aboard')
  })

  it('switches on Leave, and the changes are gone', async () => {
    showEditor()
    writeSubject('Welcome aboard')
    await pick('password-reset')
    await screen.findByRole('dialog', { name: 'Leave this template?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    expect(shownTemplate()).toBe('Template password-reset')
    await pick('campaign-welcome')
    expect(subject().value).toBe('Welcome to Reelmates')
  })

  it('lets go once the template is saved', async () => {
    const { router } = showEditor()
    vi.spyOn(emailTemplateCalls, 'save').mockResolvedValue({ ...welcome, edited: true })
    writeSubject('Welcome aboard')
    await pick('password-reset')
    await screen.findByRole('dialog', { name: 'Leave this template?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
    await settle()
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  describe('with another admin editing the same template', () => {
    const theirs = { ...welcome, subject: 'Welcome, from admin 2', edited: true, editedAt: '2026-01-02T00:00:00.000Z' }
    const refused = new ApiError(
      'This template was changed since you opened it (saved or restored by another admin or in another tab). Copy your changes, reload the page and apply them again.',
      409,
    )

    it('keeps what is typed when the list brings their new subject, and the save is refused saying why', async () => {
      const { listBrings } = showEditor()
      const saved = vi.spyOn(emailTemplateCalls, 'save').mockRejectedValue(refused)
      fireEvent.change(text(), { target: { value: 'Hello {{username}}, mine' } })
      await listBrings(theirs, reset)
      expect(screen.getByRole('button', { name: /^campaign-welcome\s*edited$/ })).toBeTruthy()
      expect(text().value).toBe('Hello {{username}}, mine')
      expect(subject().value).toBe('Welcome to Reelmates')
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
      await settle()
      expect(saved).toHaveBeenCalledWith('campaign-welcome', expect.objectContaining({ basedOn: null }))
      expect(screen.getByRole('list', { name: 'Toasts' }).textContent).toContain(
        'Template not saved: This template was changed since you opened it',
      )
      expect(text().value).toBe('Hello {{username}}, mine')
    })

    it('shows their version in a form with nothing typed in it, and saves based on it', async () => {
      const { listBrings } = showEditor()
      const saved = vi.spyOn(emailTemplateCalls, 'save').mockResolvedValue(theirs)
      await listBrings(theirs, reset)
      expect(subject().value).toBe('Welcome, from admin 2')
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
      expect(saved).toHaveBeenCalledWith(
        'campaign-welcome',
        expect.objectContaining({ subject: 'Welcome, from admin 2', basedOn: '2026-01-02T00:00:00.000Z' }),
      )
    })

    it('restores based on the edit the form has, and a refused restore says why', async () => {
      const mine = { ...welcome, subject: 'Welcome, from admin 1', edited: true, editedAt: '2026-01-01T00:00:00.000Z' }
      const { listBrings } = showEditor([mine, reset])
      const restored = vi
        .spyOn(emailTemplateCalls, 'restore')
        .mockRejectedValue(
          new ApiError(
            'This template was changed since you opened it (saved again by another admin or in another tab). Look at it again before restoring the built-in text.',
            409,
          ),
        )
      fireEvent.change(text(), { target: { value: 'Hello {{username}}, mine' } })
      await listBrings(theirs, reset)
      await restoreConfirmed()
      await settle()
      expect(restored).toHaveBeenCalledWith('campaign-welcome', '2026-01-01T00:00:00.000Z')
      expect(screen.getByRole('list', { name: 'Toasts' }).textContent).toContain(
        'Template not restored: This template was changed since you opened it (saved again by another admin or in another tab). Look at it again before restoring the built-in text.',
      )
    })

    it('shows the built-in text once restored, what was typed gone on purpose', async () => {
      const mine = { ...welcome, subject: 'Welcome, from admin 1', edited: true, editedAt: '2026-01-01T00:00:00.000Z' }
      showEditor([mine, reset])
      vi.spyOn(emailTemplateCalls, 'restore').mockResolvedValue(welcome)
      fireEvent.change(text(), { target: { value: 'Hello {{username}}, mine' } })
      await restoreConfirmed()
      await settle()
      expect(subject().value).toBe('Welcome to Reelmates')
      expect(text().value).toBe('Hello {{username}}')
    })
  })

  it('mails a test of the text as typed, unsaved, says where it went, and keeps the form as it is', async () => {
    const { router } = showEditor()
    const sent = vi
      .spyOn(emailTemplateCalls, 'sendTest')
      .mockResolvedValue({ message: 'A test is on its way to boss@example.com.' })
    writeSubject('Welcome aboard, {{username}}')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Email me a test' })))
    await settle()
    expect(sent).toHaveBeenCalledWith(
      'campaign-welcome',
      expect.objectContaining({
        subject: 'Welcome aboard, {{username}}',
        textContent: 'Hello {{username}}',
        htmlContent: '<p>Hello {{username}}</p>',
      }),
    )
    expect(screen.getByRole('list', { name: 'Toasts' }).textContent).toBe(
      'Test sent: A test is on its way to boss@example.com.',
    )
    // Still unsaved: leaving asks.
    await leave(router)
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy()
  })

  it('mails one test for a double click, whether its second click comes before the answer or after', async () => {
    showEditor()
    const sent = vi.spyOn(emailTemplateCalls, 'sendTest').mockResolvedValue({ message: 'sent' })
    const button = screen.getByRole('button', { name: 'Email me a test' })
    await act(async () => {
      fireEvent.click(button, { detail: 1 })
      fireEvent.click(button, { detail: 2 })
    })
    await settle()
    expect(sent).toHaveBeenCalledTimes(1)
    await act(async () => fireEvent.click(button, { detail: 1 }))
    await settle()
    await act(async () => fireEvent.click(button, { detail: 2 }))
    await settle()
    expect(sent).toHaveBeenCalledTimes(2)
  })

  it('sends no test of a text the server would refuse, and tells a refusal', async () => {
    showEditor()
    const sent = vi
      .spyOn(emailTemplateCalls, 'sendTest')
      .mockRejectedValue(new ApiError('This template cannot use {{firstName}}: its mails fill in {{username}}.', 400))
    const field = subject()
    writeSubject('')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Email me a test' })))
    expect(sent).not.toHaveBeenCalled()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(field, { target: { value: 'Hi {{firstName}}' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Email me a test' })))
    await settle()
    expect(screen.getByRole('list', { name: 'Toasts' }).textContent).toContain(
      'No test sent: This template cannot use {{firstName}}',
    )
  })

  it('sends no test of a subject that shows nothing (zero-width spaces), and says it cannot be empty', async () => {
    showEditor()
    const sent = vi.spyOn(emailTemplateCalls, 'sendTest').mockResolvedValue({ message: 'sent' })
    const field = subject()
    writeSubject(' \u200B\u2060 ')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Email me a test' })))
    expect(sent).not.toHaveBeenCalled()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Subject cannot be empty')).toBeTruthy()
  })

  it('asks before restoring the built-in text, and Keep the edit restores nothing', async () => {
    showEditor([{ ...welcome, edited: true, editedAt: '2026-01-01T00:00:00.000Z' }, reset])
    const restored = vi.spyOn(emailTemplateCalls, 'restore').mockResolvedValue(welcome)
    writeSubject('Welcome aboard')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore built-in' })))
    const asked = await screen.findByRole('dialog', { name: 'Restore the built-in text?' })
    expect(asked.textContent).toContain(
      'Every mail from campaign-welcome will use Reelmates’ own text again; the saved edit, and what is typed here, cannot be brought back.',
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep the edit' })))
    await settle()
    expect(restored).not.toHaveBeenCalled()
    expect(subject().value).toBe('Welcome aboard')
  })

  it('restores the built-in text once on a double click', async () => {
    showEditor([{ ...welcome, edited: true, editedAt: '2026-01-01T00:00:00.000Z' }, reset])
    const restored = vi.spyOn(emailTemplateCalls, 'restore').mockResolvedValue(welcome)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore built-in' })))
    const button = await screen.findByRole('button', { name: 'Restore' })
    fireEvent.click(button)
    fireEvent.click(button)
    await settle()
    expect(restored).toHaveBeenCalledOnce()
  })
})
