import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { CommentForm } from './CommentForm'

beforeAll(imitateModalDialogs)
afterEach(cleanup)

/** The form, answering every send with `answer`; what it sends is added to `sent`. */
function showCommentForm(answer: boolean, sent: string[] = []) {
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <CommentForm
        label="Comment on this"
        submitLabel="Comment"
        onSubmit={(content) => {
          sent.push(content)
          return Promise.resolve(answer)
        }}
      />,
    ),
  )
  return router
}

/** Types `words` ("Loved it") and presses Comment, letting the send's answer settle. */
function send(words = 'Loved it') {
  fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: words } })
  return act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    await Promise.resolve()
  })
}

function commentForm(answer: boolean) {
  showCommentForm(answer)
  return send()
}

describe('posting a comment', () => {
  it('says it was posted once the server has it, since the box only empties', async () => {
    await commentForm(true)
    expect(screen.getByRole('status').textContent).toBe('Comment posted')
    fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: 'And' } })
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says nothing of the kind when the server refused it: the words come back instead', async () => {
    await commentForm(false)
    expect(screen.getByRole('status').textContent).toBe('')
    expect(screen.getByLabelText('Comment on this')).toHaveProperty('value', 'Loved it')
  })
})

describe('leaving with words not sent', () => {
  const leave = (router: ReturnType<typeof routerInMemory>) =>
    act(async () => {
      router.history.push('/elsewhere')
      await Promise.resolve()
    })

  it('asks first; Stay keeps the words', async () => {
    const router = showCommentForm(true)
    fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: 'Half a thought' } })
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(where(router)).toBe('/')
    expect(screen.getByLabelText('Comment on this')).toHaveProperty('value', 'Half a thought')
  })

  it('goes at once with an empty box, or once the comment is sent', async () => {
    const router = showCommentForm(true)
    fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: '   ' } })
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    router.history.push('/')
    await send()
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('what the form refuses before sending', () => {
  it('finds a comment of only zero-width spaces empty, as the server does, and sends nothing', async () => {
    const sent: string[] = []
    showCommentForm(true, sent)
    await send('\u200b\u200b')
    expect(screen.getByRole('alert').textContent).toBe('Comment cannot be empty')
    expect(sent).toEqual([])
  })

  it('lets 1,001 emoji through: they are 1,001 characters, not 2,002', async () => {
    const sent: string[] = []
    showCommentForm(true, sent)
    await send('😀'.repeat(1001))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sent).toEqual(['😀'.repeat(1001)])
  })
})

describe('the count under the box', () => {
  it('says how many characters are written of the 2,000, an emoji counting one, as the review box does', () => {
    showCommentForm(true)
    const box = screen.getByLabelText('Comment on this')
    expect(screen.getByText('0 / 2,000')).toBeTruthy()
    fireEvent.change(box, { target: { value: 'Loved it 😀' } })
    expect(screen.getByText('10 / 2,000')).toBeTruthy()
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('10 / 2,000').id)
  })

  it('says how far over the limit the words are', () => {
    showCommentForm(true)
    fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: '😀'.repeat(2003) } })
    expect(screen.getByText('3 characters too long. 2,003 / 2,000')).toBeTruthy()
  })
})
