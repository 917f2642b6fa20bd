import { notificationsMessages } from '@reelmates/contracts/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { notificationsCalls } from '../../features/notifications/notificationsCalls'
import { ApiError } from '../../lib/apiError'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { AnnouncementForm } from './AnnouncementForm'

beforeAll(() => {
  imitateModalDialogs()
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  Element.prototype.scrollIntoView = () => undefined
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function showForm() {
  const announced = vi
    .spyOn(notificationsCalls, 'announce')
    .mockResolvedValue({ announcement: { id: 'a1', recipients: 3 } })
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <AnnouncementForm />
      </QueryClientProvider>,
    ),
  )
  return { announced, router }
}

const write = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } })
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send announcement' })))
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))
const shown = (text: string) => screen.queryByText(text) !== null
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
/** Leaving with the announcement unsent is asked about first; Stay keeps the form. */
async function askedAndStayed(router: ReturnType<typeof routerInMemory>) {
  await leave(router)
  await screen.findByRole('dialog', { name: 'Leave this page?' })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
  expect(where(router)).toBe('/')
}

/** A complete announcement with both ways to deliver unticked, sent. */
async function sendWithNoWayToDeliver() {
  showForm()
  write('Title', 'Movie night')
  write('Message', 'Friday at eight.')
  fireEvent.click(screen.getByRole('checkbox', { name: 'In the app (the bell)' }))
  fireEvent.click(screen.getByRole('checkbox', { name: 'Push notification' }))
  await send()
}

describe('the announcement form', () => {
  it('takes a field’s message away as soon as that field is written, and leaves the others', async () => {
    showForm()
    await send()
    expect(shown('A title is required')).toBe(true)
    expect(shown('A message is required')).toBe(true)
    write('Title', 'Movie night this Friday')
    expect(shown('A title is required')).toBe(false)
    expect(shown('A message is required')).toBe(true)
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull()
  })

  it('takes "choose at least one recipient" away once a username is written', async () => {
    showForm()
    write('Title', 'Movie night')
    write('Message', 'Friday at eight.')
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen members' }))
    await send()
    expect(shown(notificationsMessages.noRecipients)).toBe(true)
    write('Usernames (separated by commas or spaces)', 'bob')
    expect(shown(notificationsMessages.noRecipients)).toBe(false)
  })

  it('takes "choose at least one way" away once a way is ticked', async () => {
    await sendWithNoWayToDeliver()
    expect(shown(notificationsMessages.noChannel)).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email too' }))
    expect(shown(notificationsMessages.noChannel)).toBe(false)
  })

  it('asks before leaving an announcement written and not sent, and lets go once it is sent', async () => {
    const { router } = showForm()
    write('Title', 'Movie night')
    write('Message', 'Friday at eight.')
    await askedAndStayed(router)
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Movie night')
    await send()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send to everyone' })))
    await settle()
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks before sending to everyone, saying how, and sends nothing on Keep editing', async () => {
    const { announced } = showForm()
    write('Title', 'Movie night')
    write('Message', 'Friday at eight.')
    await send()
    const asked = await screen.findByRole('dialog', { name: 'Send to every member?' })
    expect(asked.textContent).toContain(
      '“Movie night” goes to every member, in the app, as a push notification on the devices that take them. It cannot be taken back.',
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Keep editing' })))
    await settle()
    expect(announced).not.toHaveBeenCalled()
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Movie night')
    await send()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send to everyone' })))
    await settle()
    expect(announced.mock.calls[0]?.[0]).toMatchObject({ title: 'Movie night', audience: 'everyone' })
  })

  it('sends to chosen members without asking', async () => {
    const { announced } = showForm()
    write('Title', 'Movie night')
    write('Message', 'Friday at eight.')
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen members' }))
    write('Usernames (separated by commas or spaces)', 'bob')
    await send()
    await settle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(announced.mock.calls[0]?.[0]).toMatchObject({ audience: 'chosen', usernames: ['bob'] })
  })

  it('lets go of a form written back to empty', async () => {
    const { router } = showForm()
    write('Title', 'Movie night')
    await askedAndStayed(router)
    write('Title', '')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
  })
})

describe('a refused announcement', () => {
  it('puts the focus on the first field in error, or says its error when it has the focus already', async () => {
    showForm()
    write('Message', 'Friday at eight.')
    screen.getByRole('button', { name: 'Send announcement' }).focus()
    await send()
    const title = screen.getByLabelText('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(title)

    await act(async () => fireEvent.submit(title))
    expect(document.activeElement).toBe(title)
    expect(screen.getByRole('alert').textContent).toBe('A title is required')
  })

  it('puts the focus on the first way to deliver when none is ticked', async () => {
    await sendWithNoWayToDeliver()
    const first = screen.getByRole('checkbox', { name: 'In the app (the bell)' })
    expect(document.activeElement).toBe(first)
    expect(first.getAttribute('aria-invalid')).toBe('true')
    expect(first.getAttribute('aria-describedby')).toBe(screen.getByText(notificationsMessages.noChannel).id)
  })

  it('puts the focus on the usernames the server did not know', async () => {
    const { announced } = showForm()
    const unknown = notificationsMessages.unknownUsers(['nobody'])
    announced.mockRejectedValue(new ApiError(unknown, 400, undefined, { usernames: unknown }))
    write('Title', 'Movie night')
    write('Message', 'Friday at eight.')
    fireEvent.click(screen.getByRole('radio', { name: 'Chosen members' }))
    write('Usernames (separated by commas or spaces)', 'nobody')
    screen.getByRole('button', { name: 'Send announcement' }).focus()
    await send()
    await settle()
    const usernames = screen.getByLabelText('Usernames (separated by commas or spaces)')
    expect(usernames.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(usernames)
  })
})
