import type { FriendshipState } from '@reelmates/contracts/friendships'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FriendButton } from './FriendButton'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderButtons(relations: FriendshipState[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      {relations.map((relation, index) => (
        <div key={index} data-testid={`row-${index}`}>
          <FriendButton relation={relation} username="maya" friendshipId="a_b" />
        </div>
      ))}
    </QueryClientProvider>,
  )
}

/**
 * A server that answers the CSRF token, and records every other request (`POST /api/friendships`) in
 * the list it returns, answering each as `answer` says (its position is the count so far).
 */
function serverRecording(answer: (sent: string[], response: Response) => Promise<Response>): string[] {
  const sent: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      const path = new URL(input, 'http://app.test').pathname
      if (path === '/api/csrf-token') return Promise.resolve(Response.json({ csrfToken: 'csrf' }))
      sent.push(`${init.method} ${path}`)
      return answer(sent, Response.json({ position: String(sent.length) }))
    }),
  )
  return sent
}

/** One button whose relation a test changes with `rerender(showing(relation))`, as its lists would. */
function oneButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const showing = (relation: FriendshipState) => (
    <QueryClientProvider client={client}>
      <FriendButton relation={relation} username="maya" friendshipId="a_b" />
    </QueryClientProvider>
  )
  return { client, showing }
}

const names = (row: HTMLElement) => [...row.querySelectorAll('button')].map((button) => button.textContent)

describe('FriendButton', () => {
  it.each([
    ['self', [], ''],
    ['none', ['Add friend'], 'Add friend'],
    ['outgoing', ['Cancel'], 'Requested'],
    ['incoming', ['Accept', 'Decline'], 'AcceptDecline'],
    ['friends', ['Unfriend'], 'Friends'],
  ] as const)('shows %s as its buttons and words', (relation, buttons, text) => {
    renderButtons([relation])
    const row = screen.getByTestId('row-0')
    expect(names(row)).toEqual(buttons)
    expect(row.textContent).toContain(text)
  })

  it('names the person on every button, "Add friend" too, starting with the words it shows', () => {
    renderButtons(['none', 'outgoing', 'incoming', 'friends'])
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add friend maya',
      'Cancel your friend request to maya',
      "Accept maya's friend request",
      "Decline maya's friend request",
      'Unfriend maya',
    ])
  })

  it('asks before unfriending, saying what leaves the feeds and what stays (recommendations between them do)', () => {
    // jsdom has no modal dialogs.
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.open = true
      },
      close(this: HTMLDialogElement) {
        this.open = false
      },
    })
    renderButtons(['friends'])
    fireEvent.click(screen.getByRole('button', { name: 'Unfriend maya' }))
    expect(screen.getByRole('dialog', { name: 'Unfriend maya?' }).textContent).toContain(
      "Your watches and watchlist adds leave each other's feeds, and neither of you can comment on them any more. " +
        'What you recommended to each other stays, with its comments.',
    )
  })

  it('sends a request and its cancellation in the order they were made, even when the first is slow', async () => {
    let answerFirst: () => void = () => undefined
    const started = serverRecording((sent, answer) =>
      sent.length > 1
        ? Promise.resolve(answer)
        : new Promise<Response>((resolve) => (answerFirst = () => resolve(answer))),
    )
    renderButtons(['none', 'outgoing'])
    fireEvent.click(screen.getByRole('button', { name: 'Add friend maya' }))
    await waitFor(() => expect(started).toEqual(['POST /api/friendships']))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel your friend request to maya' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(started).toEqual(['POST /api/friendships'])
    answerFirst()
    await waitFor(() => expect(started).toEqual(['POST /api/friendships', 'DELETE /api/friendships/a_b']))
  })

  it('takes a double-click as one press: one request sent, one acceptance', async () => {
    const started = serverRecording((_sent, answer) => Promise.resolve(answer))
    renderButtons(['none', 'incoming'])
    for (const name of ['Add friend maya', "Accept maya's friend request"]) {
      const button = screen.getByRole('button', { name })
      // What the browser sends for a double-click: two clicks, the second counted as the second.
      fireEvent.click(button, { detail: 1 })
      fireEvent.click(button, { detail: 2 })
    }
    await waitFor(() => expect(started).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(started).toEqual(['POST /api/friendships', 'POST /api/friendships/a_b/accept'])
  })

  it('says "Declined" beside "Add friend" only until the relation changes again', async () => {
    serverRecording((_sent, answer) => Promise.resolve(answer))
    const { showing } = oneButton()
    const { rerender } = render(showing('incoming'))
    fireEvent.click(screen.getByRole('button', { name: "Decline maya's friend request" }))
    rerender(showing('none'))
    expect(screen.getByText('Declined')).toBeTruthy()
    // She asks again, then takes it back herself: nothing I did is left to say.
    rerender(showing('incoming'))
    rerender(showing('none'))
    await waitFor(() => expect(screen.queryByText('Declined')).toBeNull())
  })

  it('says nothing of a decline the server refused, when the request later goes another way', async () => {
    serverRecording(() => Promise.resolve(Response.json({ message: 'Try again later' }, { status: 503 })))
    const { client, showing } = oneButton()
    const { rerender } = render(showing('incoming'))
    fireEvent.click(screen.getByRole('button', { name: "Decline maya's friend request" }))
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.status).toBe('error'))
    // She takes her request back herself: I declined nothing.
    rerender(showing('none'))
    expect(screen.queryByText('Declined')).toBeNull()
  })
})
