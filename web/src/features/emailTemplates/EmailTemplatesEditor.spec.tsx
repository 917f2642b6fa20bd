import type { EmailTemplateItem } from '@reelmates/contracts/emailTemplates'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { emailTemplateCalls } from './emailTemplateCalls'
import { EmailTemplatesEditor } from './EmailTemplatesEditor'
import { emailTemplateKeys } from './queries'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
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
  vi.spyOn(emailTemplateCalls, 'list').mockResolvedValue({ templates })
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={queryClient}>
        <EmailTemplatesEditor />
      </QueryClientProvider>,
    ),
  )
  return router
}

const subject = () => screen.getByLabelText<HTMLInputElement>('Subject')
const writeSubject = (text: string) => fireEvent.change(subject(), { target: { value: text } })
const pick = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const shownTemplate = () => screen.getByRole('form').getAttribute('aria-label')
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))

describe('the email template editor', () => {
  it('asks before leaving the page with a template changed and not saved', async () => {
    const router = showEditor()
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
    const router = showEditor()
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

  it('restores the built-in text once on a double click', async () => {
    showEditor([{ ...welcome, edited: true, editedAt: '2026-01-01T00:00:00.000Z' }, reset])
    const restored = vi.spyOn(emailTemplateCalls, 'restore').mockResolvedValue(welcome)
    const button = screen.getByRole('button', { name: 'Restore built-in' })
    fireEvent.click(button)
    fireEvent.click(button)
    await settle()
    expect(restored).toHaveBeenCalledOnce()
  })
})
