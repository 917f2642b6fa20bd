import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CommentForm } from './CommentForm'

afterEach(cleanup)

function commentForm(answer: boolean) {
  render(<CommentForm label="Comment on this" submitLabel="Comment" onSubmit={() => Promise.resolve(answer)} />)
  fireEvent.change(screen.getByLabelText('Comment on this'), { target: { value: 'Loved it' } })
  return act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    await Promise.resolve()
  })
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
