import type { HomeSearch } from '@reelmates/contracts/accountPages'
import type { InvitationLinkAnswer } from '@reelmates/contracts/friendships'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { signedInOnLinkPage } from '../../lib/linkPreview'
import { toast } from '../../lib/toast'
import { acceptFriendWithToken } from '../account/accountCalls'
import { friendsCalls } from './friendsCalls'
import { firstArrivalOf, invitationToast, type InvitationAnswer } from './invitationOnArrival'
import { friendsKeys } from './queries'

const failed = 'An error occurred processing your request'
const answerTo = (error: unknown): InvitationAnswer => ({
  error: error instanceof Error && error.message ? error.message : failed,
})

/** An invitation mailed to another address than the member's, waiting for them to say whether to accept it. */
export interface InvitationQuestion {
  token: string
  inviter: string
  /** The address it was mailed to, masked ("e•••@example.com"). */
  sentTo: string | null
}

function accept(queryClient: QueryClient, token: string): void {
  void acceptFriendWithToken(token)
    .then((answer): InvitationAnswer => ({ message: answer.message ?? 'You are now friends.' }), answerTo)
    .then((answer) => {
      if ('message' in answer) void queryClient.invalidateQueries({ queryKey: friendsKeys.all })
      toast(invitationToast(answer))
    })
}

/** Its inviter followed their own mail's link: nothing to accept, and where to see it instead. */
function ownInvitation(link: InvitationLinkAnswer, openFriends: () => void): void {
  const to = link.opener?.sentTo ?? 'its address'
  toast({
    title: 'Your own invitation',
    description: link.opener?.open
      ? `This is the invitation you sent to ${to}; it waits for them to join.`
      : `This is the invitation you sent to ${to}; its link can no longer be used.`,
    action: { label: 'Friends', altText: 'Open your Friends page', onClick: openFriends },
    duration: 10_000,
  })
}

/**
 * The opener and its inviter are friends already: nothing to accept (accepting would be refused), and
 * the link, when it was mailed to someone else, stays theirs to use.
 */
function friendsAlready(link: InvitationLinkAnswer, openFriends: () => void): void {
  const { username } = link.inviter
  toast({
    title: 'Already friends',
    description:
      link.opener?.is === 'other'
        ? `You and ${username} are friends already. This invitation went to ${link.opener.sentTo ?? 'another address'}; it is left for them.`
        : `You and ${username} are friends already; there is nothing to accept.`,
    action: { label: 'Friends', altText: 'Open your Friends page', onClick: openFriends },
    duration: 10_000,
  })
}

/**
 * Signing in from a sign-up invitation's banner lands on /home with the invitation (spec §4): accept
 * it for the member who just signed in, once, say how that went, and take it off the address so a
 * reload or a shared link does not carry it on.
 *
 * A member who was signed in already when the link opened (the guest pages send them here too), and
 * whose address is not the one it was mailed to, is asked first (`question`: a forwarded mail, a
 * shared computer); signing in on the link's page chose the account, and is not asked. Its own
 * inviter is told it is theirs, and the inviter's friends that they are friends already: neither
 * accepts anything.
 */
export function useInvitationOnArrival(search: HomeSearch): {
  question: InvitationQuestion | null
  take: () => void
  leave: () => void
} {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [question, setQuestion] = useState<InvitationQuestion | null>(null)
  const { invite, from, token } = search

  useEffect(() => {
    if (invite === undefined && from === undefined && token === undefined) return
    void navigate({ to: '/home', search: {}, replace: true })
    if (!invite || !token || !firstArrivalOf(token)) return
    const openFriends = () => void navigate({ to: '/friends' })
    void friendsCalls.invitationLink(token).then(
      (link) => {
        const is = link.opener?.is
        if (is === 'sender') return ownInvitation(link, openFriends)
        if (link.opener?.friends) return friendsAlready(link, openFriends)
        if (is === 'addressee' || signedInOnLinkPage(token)) return accept(queryClient, token)
        setQuestion({ token, inviter: link.inviter.username, sentTo: link.opener?.sentTo ?? null })
      },
      (error: unknown) => toast(invitationToast(answerTo(error))),
    )
  }, [invite, from, token, navigate, queryClient])

  const take = useCallback(() => {
    if (question) accept(queryClient, question.token)
    setQuestion(null)
  }, [question, queryClient])
  const leave = useCallback(() => setQuestion(null), [])
  return { question, take, leave }
}
