import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { campaignCalls, type SendStatus } from './campaignCalls'

export const campaignKeys = {
  all: ['admin', 'email-campaigns'] as const,
  history: ['admin', 'email-send-history'] as const,
}

/**
 * How often the counts are asked again while a campaign is active. Members enter it by themselves, not
 * by anything the admin does on this screen (a sign-up at once, the other triggers when the campaign
 * job runs, every 5 minutes), so no change of the admin's can say when to refetch; a paused campaign
 * admits no one, and is not asked about.
 */
export const campaignsRefetchMs = 30_000

export const campaignsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.all,
    queryFn: campaignCalls.list,
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((campaign) => campaign.isActive) ? campaignsRefetchMs : false,
  })

/** Under the list's key: what refreshes the list (an activation, a pause, a save) refreshes the report too. */
export const campaignReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all, id, 'report'],
    queryFn: () => campaignCalls.report(id),
    // Its figures move with the card's while the campaign is active.
    refetchInterval: (query) => (query.state.data?.isActive ? campaignsRefetchMs : false),
  })

/**
 * How often the send history is asked again while it is on screen. Its mails are written by the
 * scheduler after the fact (a test the admin asked for a moment ago, a campaign step, a digest, an
 * announcement), never in the answer to anything done here, so no change on this screen can say
 * when to refetch: without this, "Test sent" stood over a history that did not have the test.
 */
export const sendHistoryRefetchMs = 5_000

export const sendHistoryQuery = (status: SendStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.history, status ?? 'all'],
    queryFn: ({ pageParam }) => campaignCalls.history(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    refetchInterval: sendHistoryRefetchMs,
  })
