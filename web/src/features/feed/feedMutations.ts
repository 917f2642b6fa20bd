import { mutationOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { ActivityAnswer, FeedAnswer } from '@reelmates/contracts/feed'
import { refetchOnceSettled, tellRefusal, tellRefusalGivingWordsBack } from '../../lib/mutations'
import { waitingChange, waitingChangeSettled } from '../../lib/waitingChanges'
import { feedCalls, type ChangeAnswer } from './feedCalls'
import { applyToActivity, applyToItem, type FeedChange } from './feedChanges'
import { feedKeys } from './feedQueries'

/** Every feed mutation's key starts with this; the screens fold the pending ones (useFeed.ts). */
export const feedMutationKey = ['feed'] as const

/**
 * One scope for the feed's changes: an edit or a delete of a comment must not overtake the add it
 * depends on, and a reaction toggled on and off at speed must reach the server in that order.
 */
const feedScope = { id: 'feed' }

/** The server took the change: fold it into the cache, since its overlay goes as the mutation settles. */
export function confirmFeedChange(client: QueryClient, change: FeedChange): void {
  void client.cancelQueries({ queryKey: feedKeys.all })
  client.setQueryData<InfiniteData<FeedAnswer>>(feedKeys.timeline(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => applyToItem(item, change)) })),
        }
      : data,
  )
  client.setQueryData<ActivityAnswer>(feedKeys.activity(change.activityId), (answer) =>
    answer ? applyToActivity(answer, change) : answer,
  )
}

function feedMutation<Change extends FeedChange, Answer extends ChangeAnswer>(
  action: string,
  send: (change: Change, keyed: { idempotencyKey?: string }) => Promise<Answer>,
  failure: string,
  answered: (change: Change, answer: Answer) => FeedChange = (change) => change,
  /** The words a refusal gives back to copy: the comment box may be long gone (a reload, another page). */
  words?: (change: Change) => string,
) {
  return mutationOptions<Answer, Error, Change>({
    mutationKey: [...feedMutationKey, action],
    scope: feedScope,
    ...waitingChange(send),
    onSuccess: (answer, change, _result, { client }) => confirmFeedChange(client, answered(change, answer)),
    onError: (error, change) => {
      const typed = words?.(change).trim()
      if (typed) tellRefusalGivingWordsBack(failure, error, typed)
      else tellRefusal(failure, error)
    },
    onSettled: (_answer, _error, change, _result, { client }) => {
      waitingChangeSettled(change)
      refetchOnceSettled(client, feedMutationKey, feedKeys.all)
    },
  })
}

type ChangeOf<K extends FeedChange['kind']> = Extract<FeedChange, { kind: K }>

/** The feed's changes that wait for the connection, registered so a change kept on the device is sent after a reload. */
export const feedWaitingChanges = () => [reactMutation, addCommentMutation, editCommentMutation, deleteCommentMutation]

type Toggle = ChangeOf<'react'>

const reactKey = [...feedMutationKey, 'react'] as const
// The member is part of it: a toggle discarded at sign-out never settles, and the next member
// signed in in this tab must not inherit what the server answered the last one.
const toggleOf = ({ activityId, commentId, emoji, me }: Toggle) => `${me.id}|${activityId}|${commentId ?? ''}|${emoji}`

/**
 * Whether my reaction (one emoji on one target) is there, as the server last answered a toggle of it
 * while more toggles of it were on their way; forgotten once none is (`toggleSettled`).
 */
const answeredToggles = new Map<string, boolean>()
/** The query client of each toggle as it runs: its send looks for the toggles made after it. */
const toggleClients = new WeakMap<Toggle, QueryClient>()

/**
 * Fifty quick taps of one emoji were fifty requests, one after another: the rate budget went, and
 * other members' screens flipped for twenty seconds. The toggles wait in the feed's scope (shown as
 * they are made), so when one's turn comes, a later toggle of the same emoji on the same target
 * says what is wanted: this one sends nothing. The last sends only when the server, as answered to
 * the toggles before it, is not already so. A toggle restored after a reload is in the cache too.
 */
function sendToggle(toggle: Toggle, keyed: { idempotencyKey?: string }): Promise<ChangeAnswer> {
  const key = toggleOf(toggle)
  const client = toggleClients.get(toggle)
  const toggles = client?.getMutationCache().findAll({ mutationKey: reactKey, status: 'pending' }) ?? []
  const at = toggles.findIndex((mutation) => mutation.state.variables === toggle)
  const overtaken =
    at >= 0 && toggles.slice(at + 1).some((mutation) => toggleOf(mutation.state.variables as Toggle) === key)
  if (overtaken || answeredToggles.get(key) === toggle.on) return Promise.resolve({})
  const { activityId, commentId, emoji, on } = toggle
  // Until this is answered, what the server has is not known: a lost answer may have been done.
  answeredToggles.delete(key)
  return feedCalls.react({ activityId, commentId }, emoji, on, keyed).then((answer) => {
    answeredToggles.set(key, on)
    return answer
  })
}

/** For `onSettled`: with no toggle of it left on its way, what the server answered may be changed elsewhere. */
function toggleSettled(client: QueryClient, toggle: Toggle): void {
  const key = toggleOf(toggle)
  const others = client
    .getMutationCache()
    .findAll({ mutationKey: reactKey, status: 'pending' })
    .some((mutation) => mutation.state.variables !== toggle && toggleOf(mutation.state.variables as Toggle) === key)
  if (!others) answeredToggles.delete(key)
}

const reactOptions = feedMutation<Toggle, ChangeAnswer>('react', sendToggle, "Couldn't save your reaction")
const sentToggle = waitingChange(sendToggle)

export const reactMutation: typeof reactOptions = {
  ...reactOptions,
  mutationFn: (toggle, context) => {
    toggleClients.set(toggle, context.client)
    return sentToggle.mutationFn(toggle)
  },
  onSettled: (answer, error, toggle, result, context) => {
    toggleSettled(context.client, toggle)
    return reactOptions.onSettled?.(answer, error, toggle, result, context)
  },
}

export const addCommentMutation = feedMutation(
  'addComment',
  (change: ChangeOf<'addComment'>, keyed) => feedCalls.addComment(change.activityId, change.comment.content, keyed),
  "Couldn't post your comment",
  // The server's comment, with its real id, takes the place of the one made up on the device.
  (change, { position: _position, ...comment }) => ({ ...change, comment }),
  (change) => change.comment.content,
)

export const editCommentMutation = feedMutation(
  'editComment',
  (change: ChangeOf<'editComment'>, keyed) => feedCalls.editComment(change.commentId, change.content, keyed),
  "Couldn't save your comment",
  undefined,
  (change) => change.content,
)

export const deleteCommentMutation = feedMutation(
  'deleteComment',
  (change: ChangeOf<'deleteComment'>, keyed) => feedCalls.deleteComment(change.commentId, keyed),
  "Couldn't delete the comment",
)

/** Opening the feed marks what is in it as read: the badge clears at once, the server records the visit. */
export const visitFeedMutation = mutationOptions<ChangeAnswer, Error, undefined>({
  mutationKey: ['feedVisit'],
  meta: { background: true },
  // Waits offline for the connection (within this visit: it is not kept on the device).
  networkMode: 'online',
  mutationFn: () => feedCalls.visit(),
  onMutate: (_nothing, { client }) => client.setQueryData(feedKeys.unread(), { count: 0 }),
  onSettled: (_answer, _error, _nothing, _result, { client }) =>
    client.invalidateQueries({ queryKey: feedKeys.unread() }),
})
