import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import type { RecommendationItem, RecommendRequest } from '@reelmates/contracts/recommendations'
import { refetchOnceSettled, tellRefusal } from '../../lib/mutations'
import { refusalSaidInPlace } from '../../lib/refusedChanges'
import { toast } from '../../lib/toast'
import { waitingChange, waitingChangeSettled, type WaitingChange } from '../../lib/waitingChanges'
import { libraryKeys } from '../library/libraryQueries'
import { refreshBell } from '../notifications/queries'
import { recommendationCalls } from './recommendationCalls'
import { withAnswer, type AnswerChange } from './recommendationChanges'
import { recommendationKeys } from './queries'

/** Every recommendation mutation's key starts with this; the screens fold the pending answers. */
export const recommendationsMutationKey = ['recommendations'] as const

/** Answers run one after another in the order they were made: an undo never overtakes its dismissal. */
const scope = { id: 'recommendations' }

const settled = (client: QueryClient) => refetchOnceSettled(client, recommendationsMutationKey, recommendationKeys.all)

export const sendRecommendation = mutationOptions({
  mutationKey: [...recommendationsMutationKey, 'send'],
  ...waitingChange((request: RecommendRequest & { title: string } & WaitingChange, keyed) => {
    const { title: _title, idempotencyKey: _key, ...body } = request
    return recommendationCalls.send(body, keyed)
  }),
  onSuccess: (answer, request) => {
    const names = answer.recommendations.map((item) => item.to?.username ?? item.toEmail ?? '')
    toast({ title: 'Recommendation sent', description: `${request.title} → ${names.join(', ')}`, variant: 'success' })
  },
  onError: (error, request) => {
    if (!refusalSaidInPlace(request.idempotencyKey)) tellRefusal(`Couldn't recommend ${request.title}`, error)
  },
  onSettled: (_answer, _error, request, _result, { client }) => {
    waitingChangeSettled(request)
    settled(client)
  },
})

const refusal: Record<AnswerChange['answer'], string> = {
  accept: "Couldn't add",
  dismiss: "Couldn't dismiss",
  restore: "Couldn't bring back",
}

export const answerRecommendation = mutationOptions({
  mutationKey: [...recommendationsMutationKey, 'answer'],
  scope,
  ...waitingChange((change: AnswerChange & WaitingChange, keyed) =>
    recommendationCalls.answer(change.id, change.answer, keyed),
  ),
  onSuccess: (_answer, change, _result, { client }) => {
    client.setQueryData<RecommendationItem[]>(
      recommendationKeys.box('received'),
      (items) => items && withAnswer(items, change),
    )
    if (change.answer === 'accept') {
      toast(
        change.listedAlready
          ? { title: 'Accepted', description: `${change.title} is on your watchlist already`, variant: 'success' }
          : { title: 'Added to your watchlist', description: change.title, variant: 'success' },
      )
      return client.invalidateQueries({ queryKey: libraryKeys.all })
    }
  },
  onError: (error, change) => tellRefusal(`${refusal[change.answer]} ${change.title}`, error),
  onSettled: (_answer, _error, change, _result, { client }) => {
    waitingChangeSettled(change)
    settled(client)
    // An answered recommendation leaves the bell.
    void refreshBell(client)
  },
})

/** The recommendation changes that wait for the connection, registered so a change kept on the device is sent after a reload. */
export const recommendationWaitingChanges = () => [sendRecommendation, answerRecommendation]
