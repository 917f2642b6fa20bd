import type { RecommendationLinkAnswer } from '@reelmates/contracts/recommendations'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { signedInOnLinkPage } from '../../lib/linkPreview'
import { toast } from '../../lib/toast'
import { firstArrivalOf } from '../friends/invitationOnArrival'
import { friendsKeys } from '../friends/queries'
import { refreshBell } from '../notifications/queries'
import { recommendationKeys } from './queries'
import { recommendationCalls } from './recommendationCalls'

const failed = 'An error occurred processing your request'
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : failed)
const refused = (error: unknown) =>
  toast({ title: "Couldn't add the recommendation", description: reasonOf(error), variant: 'destructive' })

/** A recommendation mailed to another address than the member's, waiting for them to say whether to take it. */
export interface RecommendationQuestion {
  token: string
  from: string
  mediaTitle: string
  /** The address it was mailed to, masked ("e•••@example.com"). */
  sentTo: string | null
  /** The member and its sender are friends already: no friend request comes with it. */
  friends: boolean
}

/**
 * What the question says of the recommendation: whose, of what, to which address, and the sender's
 * friend request that taking it brings, unless the two are friends already (none is made then).
 */
export function recommendationQuestionText({ from, mediaTitle, sentTo, friends }: RecommendationQuestion): string {
  const what = `${from} recommended ${mediaTitle} to ${sentTo ?? 'another address'}.`
  return friends ? what : `${what} A friend request from ${from} comes with it.`
}

function claim(queryClient: QueryClient, token: string): void {
  void recommendationCalls.claim(token).then(({ recommendation }) => {
    void queryClient.invalidateQueries({ queryKey: recommendationKeys.all })
    // The sender's friend request came with it (unless they were friends already).
    void queryClient.invalidateQueries({ queryKey: friendsKeys.all })
    void refreshBell(queryClient)
    toast({
      title: 'Recommendation received',
      description: `${recommendation.from.username} recommended ${recommendation.mediaTitle} to you.`,
      variant: 'success',
    })
  }, refused)
}

/** Its sender followed their own mail's link: nothing to take, and where to see it instead. */
function ownRecommendation(link: RecommendationLinkAnswer, openSentBox: () => void): void {
  const to = link.opener?.sentTo ?? 'its address'
  toast({
    title: 'Your own recommendation',
    description: link.opener?.open
      ? `This is the recommendation of ${link.mediaTitle} you sent to ${to}; it waits for them to join.`
      : `This is the recommendation of ${link.mediaTitle} you sent to ${to}; its link can no longer be used.`,
    action: { label: 'Sent box', altText: 'Open your Sent box', onClick: openSentBox },
    duration: 10_000,
  })
}

/**
 * A recommendation mail's link followed by someone with an account (signed in from its page, or
 * signed in already) lands on the received box with the link's token: the recommendation is claimed
 * for the member signed in, as signing up with it would, once, and the token taken off the address so
 * a reload or a shared link does not carry it on.
 *
 * A member who was signed in already when the link opened, and whose address is not the one it was
 * mailed to, is asked first (`question`: a forwarded mail, a shared computer); signing in on the
 * link's page chose the account, and is not asked. The question promises the sender's friend request
 * only to a member who is not their friend already. Its own sender is told it is theirs, and claims nothing.
 */
export function useRecommendationOnArrival(token: string | undefined): {
  question: RecommendationQuestion | null
  take: () => void
  leave: () => void
} {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [question, setQuestion] = useState<RecommendationQuestion | null>(null)

  useEffect(() => {
    if (token === undefined) return
    void navigate({ to: '/recommendations', search: { box: 'received' }, replace: true })
    if (!token || !firstArrivalOf(token)) return
    const openSentBox = () => void navigate({ to: '/recommendations', search: { box: 'sent' } })
    void recommendationCalls.link(token).then((link) => {
      const is = link.opener?.is
      if (is === 'sender') return ownRecommendation(link, openSentBox)
      if (is === 'addressee' || signedInOnLinkPage(token)) return claim(queryClient, token)
      const { from, mediaTitle } = link
      setQuestion({
        token,
        from,
        mediaTitle,
        sentTo: link.opener?.sentTo ?? null,
        friends: link.opener?.friends ?? false,
      })
    }, refused)
  }, [token, navigate, queryClient])

  const take = useCallback(() => {
    if (question) claim(queryClient, question.token)
    setQuestion(null)
  }, [question, queryClient])
  const leave = useCallback(() => setQuestion(null), [])
  return { question, take, leave }
}
