import { recommendationMessages, type RecommendationLinkAnswer } from '@reelmates/contracts/recommendations'
import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { toast } from '../../lib/toast'
import { recommendationCalls } from './recommendationCalls'
import { recommendationQuestionText, useRecommendationOnArrival } from './useRecommendationOnArrival'

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }))
vi.mock('../../lib/toast', async (original) => ({
  ...(await original<typeof import('../../lib/toast')>()),
  toast: vi.fn(),
}))

neverAnsweringServer()

let tokens = 0

/** A member signed in already lands on the received box with a recommendation link whose preview answers `opener`. */
async function arriveWith(opener: RecommendationLinkAnswer['opener']) {
  vi.spyOn(recommendationCalls, 'link').mockResolvedValue({ from: 'ann', mediaTitle: 'Heat', opener })
  const claim = vi.spyOn(recommendationCalls, 'claim').mockReturnValue(new Promise(() => undefined))
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const token = `token-${(tokens += 1)}`
  const arrival = renderHook(() => useRecommendationOnArrival(token), { wrapper })
  await waitFor(() => expect(recommendationCalls.link).toHaveBeenCalledWith(token))
  await waitFor(() => expect(arrival.result.current.question).not.toBeNull())
  expect(claim).not.toHaveBeenCalled()
  return arrival.result.current.question!
}

const sentTo = 'o•••@example.com'

describe('a recommendation mailed to another address, opened by a member signed in already', () => {
  it("asks a member who is not the sender's friend, saying the sender's friend request comes with it", async () => {
    const question = await arriveWith({ is: 'other', sentTo, open: true, friends: false })
    expect(recommendationQuestionText(question)).toBe(
      `ann recommended Heat to ${sentTo}. A friend request from ann comes with it.`,
    )
  })

  it("asks the sender's friend too, promising no friend request: they are friends already", async () => {
    const question = await arriveWith({ is: 'other', sentTo, open: true, friends: true })
    expect(recommendationQuestionText(question)).toBe(`ann recommended Heat to ${sentTo}.`)
  })
})

describe('a recommendation link whose sender has deleted their account, opened by a member signed in', () => {
  it('says its sender left Reelmates, and claims nothing', async () => {
    vi.spyOn(recommendationCalls, 'link').mockRejectedValue(new ApiError(recommendationMessages.senderLeft, 410))
    const claim = vi.spyOn(recommendationCalls, 'claim')
    const queryClient = createQueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
    renderHook(() => useRecommendationOnArrival(`token-${(tokens += 1)}`), { wrapper })
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Couldn't add the recommendation",
        description: 'The member who sent this recommendation has left Reelmates.',
        variant: 'destructive',
      }),
    )
    expect(claim).not.toHaveBeenCalled()
  })
})
