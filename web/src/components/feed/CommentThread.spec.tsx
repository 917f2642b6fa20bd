import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CommentItem } from '@reelmates/contracts/feed'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { CommentThread } from './CommentThread'
import type { useFeedActions } from './useFeedActions'

beforeAll(imitateModalDialogs)
afterEach(cleanup)

const me = { id: 'u-dan', username: 'dan', avatarUrl: null }
const ann = { id: 'u-ann', username: 'ann', avatarUrl: null }
const comment: CommentItem = {
  id: 'c1',
  user: ann,
  content: 'What an ending',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  reactions: [{ emoji: '🔥', count: 2, mine: true, users: ['dan', 'cat'] }],
}

function thread(overrides: Partial<ReturnType<typeof useFeedActions>> = {}, comments = [comment]) {
  const actions = {
    me,
    react: vi.fn(() => Promise.resolve(true)),
    addComment: vi.fn(() => Promise.resolve(true)),
    editComment: vi.fn(() => Promise.resolve(true)),
    deleteComment: vi.fn(() => Promise.resolve(true)),
    ...overrides,
  }
  render(
    withinRouter(
      routerInMemory(),
      <CommentThread activityId="watched:e1" activityOwnerId={ann.id} comments={comments} actions={actions} />,
    ),
  )
  return actions
}

/** Types into the comment box and presses Comment, letting the send's answer settle; answers the box. */
async function typeAndSend(text: string): Promise<HTMLTextAreaElement> {
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' })
  fireEvent.change(box, { target: { value: text } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    await Promise.resolve()
  })
  return box
}

/** What the screen's status regions say. */
const statusSays = () => screen.getAllByRole('status').map((region) => region.textContent)

describe('the comments of an activity', () => {
  it('names the comment box for what it is', () => {
    thread()
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeTruthy()
  })

  it('gives the words back when the server refuses the comment (a friendship ended meanwhile)', async () => {
    const addComment = vi.fn(() => Promise.resolve(false))
    thread({ addComment })
    const box = await typeAndSend('Me too!')
    expect(addComment).toHaveBeenCalledWith('watched:e1', 'Me too!')
    expect(box.value).toBe('Me too!')
  })

  it('empties the box once the comment is taken', async () => {
    thread()
    const box = await typeAndSend('Me too!')
    expect(box.value).toBe('')
  })

  it('posts a double-tapped comment once, without calling the emptied box empty', async () => {
    const { addComment } = thread()
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Write a comment' })
    fireEvent.change(box, { target: { value: 'Me too!' } })
    const send = screen.getByRole('button', { name: 'Comment' })
    fireEvent.click(send)
    fireEvent.click(send)
    await act(() => Promise.resolve())
    expect(addComment).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('still calls a comment empty when nothing was typed since the last one went', async () => {
    thread()
    const box = await typeAndSend('Me too!')
    fireEvent.change(box, { target: { value: ' ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    expect(screen.getByRole('alert').textContent).toBe('Comment cannot be empty')
  })

  it('takes "Comment cannot be empty" away as soon as the words change', () => {
    thread()
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    expect(screen.getByRole('alert').textContent).toBe('Comment cannot be empty')
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'W' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('takes the message away as soon as the words change when editing a comment too', () => {
    const actions = thread({}, [{ ...comment, user: me }])
    fireEvent.click(screen.getByRole('button', { name: 'Edit your comment' }))
    const box = screen.getByRole('textbox', { name: 'Edit your comment' })
    fireEvent.change(box, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert').textContent).toBe('Comment cannot be empty')
    fireEvent.change(box, { target: { value: 'W' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(actions.editComment).not.toHaveBeenCalled()
  })

  it("opens a comment's palette with the keyboard focus in it, its counts and mine, and gives focus back", () => {
    const react = vi.fn(() => Promise.resolve(true))
    thread({ react })
    fireEvent.click(screen.getByRole('button', { name: /^React to / }))
    const palette = screen.getByRole('toolbar', { name: "Pick a reaction to ann's comment" })
    expect(palette.contains(document.activeElement)).toBe(true)
    // The reader is "you", first, among who reacted.
    const fire = within(palette).getByRole('button', { name: "🔥 2 on ann's comment: you, cat" })
    expect(fire.getAttribute('aria-pressed')).toBe('true')
    // A second press takes my reaction back, and the focus returns to "React".
    fireEvent.click(fire)
    expect(react).toHaveBeenCalledWith('watched:e1', 'c1', '🔥', false)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^React to / }))
    // The palette is gone and the chip it changed is in another bar: what was done is said.
    expect(statusSays()).toContain("You took back your 🔥 on ann's comment")
  })

  it('says a reaction picked from the palette, each time', () => {
    thread()
    for (let time = 0; time < 2; time++) {
      fireEvent.click(screen.getByRole('button', { name: /^React to / }))
      const palette = screen.getByRole('toolbar', { name: "Pick a reaction to ann's comment" })
      fireEvent.click(within(palette).getByRole('button', { name: /^❤️ 0/ }))
      // Said again the second time: a live region reads changes only.
      expect(statusSays()).toContain(
        time === 0 ? "You reacted ❤️ to ann's comment" : "You reacted ❤️ to ann's comment\u00a0",
      )
    }
  })

  it('says so when the server refuses the reaction, in place of saying it was given', async () => {
    let answer: (taken: boolean) => void = () => undefined
    const react = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)))
    thread({ react }, [{ ...comment, user: me, reactions: [] }])
    fireEvent.click(screen.getByRole('button', { name: /^React to / }))
    const palette = screen.getByRole('toolbar', { name: 'Pick a reaction to your comment' })
    fireEvent.click(within(palette).getByRole('button', { name: /^🔥 0/ }))
    expect(statusSays()).toContain('You reacted 🔥 to your comment')
    await act(async () => answer(false))
    expect(statusSays()).toContain("Couldn't react 🔥 to your comment")
    expect(statusSays()).not.toContain('You reacted 🔥 to your comment')
  })

  it('leaves a refusal unsaid once the same reaction was pressed again', async () => {
    const answers: ((taken: boolean) => void)[] = []
    const react = vi.fn(() => new Promise<boolean>((resolve) => answers.push(resolve)))
    thread({ react })
    fireEvent.click(screen.getByRole('button', { name: "🔥 2 on ann's comment: you, cat" }))
    fireEvent.click(screen.getByRole('button', { name: /^React to / }))
    const palette = screen.getByRole('toolbar', { name: "Pick a reaction to ann's comment" })
    fireEvent.click(within(palette).getByRole('button', { name: /^🔥/ }))
    await act(async () => {
      answers[0]!(false)
      answers[1]!(true)
    })
    // Both presses took it back (the mock's reactions stay as they were): the second was taken.
    expect(statusSays().join()).not.toMatch(/Couldn't/)
    expect(statusSays().join()).toMatch(/You took back your 🔥 on ann's comment/)
  })

  it('closes the palette when the focus goes elsewhere, leaving the focus there', () => {
    thread()
    fireEvent.click(screen.getByRole('button', { name: /^React to / }))
    const palette = screen.getByRole('toolbar', { name: "Pick a reaction to ann's comment" })
    const box = screen.getByRole('textbox', { name: 'Write a comment' })
    act(() => box.focus())
    expect(palette.isConnected).toBe(false)
    expect(document.activeElement).toBe(box)
    // Only the bar of the reactions given is left, once.
    expect(screen.getAllByRole('toolbar').map((bar) => bar.getAttribute('aria-label'))).toEqual([
      "Reactions to ann's comment",
    ])
  })

  it('shows no reactions bar on a comment nobody reacted to', () => {
    thread({}, [{ ...comment, reactions: [] }])
    expect(screen.queryByRole('toolbar')).toBeNull()
    expect(screen.getByRole('button', { name: "React to ann's comment" })).toBeTruthy()
  })

  it('closes the palette on Escape and gives the focus back', () => {
    thread()
    fireEvent.click(screen.getByRole('button', { name: /^React to / }))
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(screen.queryByRole('toolbar', { name: "Pick a reaction to ann's comment" })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^React to / }))
  })
})

describe("a reaction of mine taken back from the comment's own chip", () => {
  /** A thread whose reactions change as they are given and taken back, as the cache's do. */
  function Reacting({ reactions }: { reactions: CommentItem['reactions'] }) {
    const [shown, setShown] = useState(reactions)
    const react = (_activityId: string, _commentId: string | null, emoji: string, on: boolean) => {
      setShown((was) =>
        was
          .map((one) =>
            one.emoji === emoji && !on
              ? { ...one, count: one.count - 1, mine: false, users: one.users.filter((user) => user !== me.username) }
              : one,
          )
          .filter((one) => one.count > 0),
      )
      return Promise.resolve(true)
    }
    const actions = { me, react, addComment: vi.fn(), editComment: vi.fn(), deleteComment: vi.fn() }
    return (
      <CommentThread
        activityId="watched:e1"
        activityOwnerId={ann.id}
        comments={[{ ...comment, reactions: shown }]}
        actions={actions}
      />
    )
  }

  const pressChip = (name: string) => {
    const chip = screen.getByRole('button', { name })
    act(() => chip.focus())
    fireEvent.click(chip)
    return chip
  }

  it('hands the focus to React when the chip goes with it, and says what was done', () => {
    render(
      withinRouter(routerInMemory(), <Reacting reactions={[{ emoji: '🍿', count: 1, mine: true, users: ['dan'] }]} />),
    )
    const chip = pressChip("🍿 1 on ann's comment: you")
    expect(chip.isConnected).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "React to ann's comment" }))
    expect(statusSays()).toContain("You took back your 🍿 on ann's comment")
  })

  it('keeps the focus on a chip that stays, others having reacted with it too', () => {
    render(withinRouter(routerInMemory(), <Reacting reactions={[comment.reactions[0]!]} />))
    pressChip("🔥 2 on ann's comment: you, cat")
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "🔥 1 on ann's comment: cat" }))
    expect(statusSays()).toContain("You took back your 🔥 on ann's comment")
  })
})

describe('editing my comment', () => {
  function editMine() {
    const actions = thread({}, [{ ...comment, user: me }])
    const edit = screen.getByRole('button', { name: 'Edit your comment' })
    edit.focus()
    fireEvent.click(edit)
    return actions
  }

  it('puts the keyboard in the words when Edit makes way for the form', () => {
    editMine()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Edit your comment' }))
  })

  it('hands the keyboard to the comment, read with its new words, once Save has made way for it', async () => {
    const { editComment } = editMine()
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your comment' }), { target: { value: 'What a finale' } })
    const save = screen.getByRole('button', { name: 'Save' })
    save.focus()
    await act(async () => {
      fireEvent.click(save)
      await Promise.resolve()
    })
    expect(editComment).toHaveBeenCalledWith('watched:e1', 'c1', 'What a finale')
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull()
    // The edit's form, gone, cannot say it: the thread does.
    expect(statusSays()).toContain('Comment saved')
    const focused = document.activeElement
    expect(focused?.tagName).toBe('LI')
    expect(focused?.textContent).toContain('What an ending')
  })

  it('gives the keyboard back to Edit when Cancel takes the form away', () => {
    editMine()
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    cancel.focus()
    fireEvent.click(cancel)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit your comment' }))
  })
})

describe('my comment deleted by the activity’s owner while I edit it', () => {
  const mine: CommentItem = { ...comment, user: me, reactions: [] }

  /** My comment on ann's activity, open for editing with new words typed; `gone()` is the refetch without it. */
  function editing(editComment = vi.fn(() => Promise.resolve(true))) {
    const actions = {
      me,
      react: vi.fn(() => Promise.resolve(true)),
      addComment: vi.fn(() => Promise.resolve(true)),
      editComment,
      deleteComment: vi.fn(() => Promise.resolve(true)),
    }
    const draw = (comments: CommentItem[]) =>
      withinRouter(
        routerInMemory(),
        <CommentThread activityId="watched:e1" activityOwnerId={ann.id} comments={comments} actions={actions} />,
      )
    const { rerender } = render(draw([mine]))
    fireEvent.click(screen.getByRole('button', { name: 'Edit your comment' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your comment' }), { target: { value: 'What a finale' } })
    return { gone: () => rerender(draw([])) }
  }

  const kept = () => screen.getByRole('group', { name: 'This comment was deleted' })

  it('keeps my words, to copy, and says why, when it leaves the thread as I type', () => {
    editing().gone()
    expect(within(kept()).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your words' }).value).toBe('What a finale')
    const words = within(kept()).getByRole('textbox', { name: 'Your words' })
    expect(words.hasAttribute('readonly')).toBe(true)
    // The keyboard was in the edit box that went: it is on the words now, not left on the page.
    expect(document.activeElement).toBe(words)
  })

  it('keeps my words when the save was refused because it had gone', async () => {
    const { gone } = editing(vi.fn(() => Promise.resolve(false)))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
      await Promise.resolve()
    })
    gone()
    expect(within(kept()).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your words' }).value).toBe('What a finale')
  })

  it('lets the words go on Dismiss, and the keyboard on to the box for a new comment', () => {
    editing().gone()
    const dismiss = within(kept()).getByRole('button', { name: 'Dismiss' })
    dismiss.focus()
    fireEvent.click(dismiss)
    expect(screen.queryByRole('group', { name: 'This comment was deleted' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Write a comment' }))
  })

  it('says nothing once the edit was saved', async () => {
    const { gone } = editing()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
      await Promise.resolve()
    })
    gone()
    expect(screen.queryByRole('group', { name: 'This comment was deleted' })).toBeNull()
  })

  it('says nothing when I delete it myself', () => {
    const { gone } = editing()
    fireEvent.click(screen.getByRole('button', { name: /^Delete .* comment$/ }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    gone()
    expect(screen.queryByRole('group', { name: 'This comment was deleted' })).toBeNull()
  })
})

describe('deleting a comment', () => {
  const mine = (id: string, content: string): CommentItem => ({ ...comment, id, user: me, content, reactions: [] })

  function threadOf(comments: CommentItem[], activityOwnerId = ann.id) {
    const deleteComment = vi.fn(() => Promise.resolve(true))
    const actions = {
      me,
      react: vi.fn(() => Promise.resolve(true)),
      addComment: vi.fn(() => Promise.resolve(true)),
      editComment: vi.fn(() => Promise.resolve(true)),
      deleteComment,
    }
    render(
      withinRouter(
        routerInMemory(),
        <CommentThread
          activityId="watched:e1"
          activityOwnerId={activityOwnerId}
          comments={comments}
          actions={actions}
        />,
      ),
    )
    return deleteComment
  }

  /** Presses a comment's Delete from the keyboard: the question it asks, open. */
  function pressDelete(index = 0) {
    const button = screen.getAllByRole('button', { name: /^Delete .* comment$/ })[index] as HTMLElement
    button.focus()
    fireEvent.click(button)
    return { button, dialog: screen.getByRole('dialog') }
  }

  function confirm(index = 0) {
    const { dialog } = pressDelete(index)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
  }

  it('asks first, in so many words, with Cancel ready', () => {
    const deleteComment = threadOf([mine('c1', 'First')])
    const { dialog } = pressDelete()
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete this comment?')
    expect(dialog.textContent).toContain("It can't be undone.")
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(deleteComment).not.toHaveBeenCalled()
  })

  it("names whose comment it is when the activity's owner deletes someone else's", () => {
    threadOf([comment], me.id)
    const { dialog } = pressDelete()
    expect(within(dialog).getByRole('heading').textContent).toBe("Delete ann's comment?")
  })

  it('keeps the comment on Cancel, with the keyboard back on Delete', () => {
    const deleteComment = threadOf([mine('c1', 'First')])
    const { button, dialog } = pressDelete()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deleteComment).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button)
  })

  it('hands the focus to the comment that takes its place, and says it was deleted once it was', async () => {
    const deleteComment = threadOf([mine('c1', 'First'), mine('c2', 'Second')])
    confirm(0)
    await act(() => Promise.resolve())
    expect(deleteComment).toHaveBeenCalledWith('watched:e1', 'c1')
    expect(document.activeElement?.textContent).toContain('Second')
    expect(statusSays()).toContain('Comment deleted')
  })

  it('hands the focus to the comment before it when it was the last', () => {
    threadOf([mine('c1', 'First'), mine('c2', 'Second')])
    confirm(1)
    expect(document.activeElement?.textContent).toContain('First')
  })

  it('hands the focus to the count of comments when it was the only one', () => {
    threadOf([mine('c1', 'Only')])
    confirm()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '1 comment' }))
  })
})

describe('a comment still on its way', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)))
  const waiting: CommentItem = { ...comment, id: 'pending-1', user: me, content: 'Saw it twice', reactions: [] }

  it('offline, says it waits to be sent, not "just now" as a posted one', () => {
    act(() => onlineManager.setOnline(false))
    thread({}, [comment, waiting])
    const [, mine] = screen.getAllByRole('listitem')
    expect(mine?.textContent).toContain('dan · waiting to send')
    expect(mine?.querySelector('time')).toBeNull()
  })

  it('online, says it is being sent', () => {
    thread({}, [waiting])
    expect(screen.getByRole('listitem').textContent).toContain('dan · sending…')
  })
})
