import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { campaignCalls, type SendStatus } from './campaignCalls'

export const campaignKeys = {
  all: ['admin', 'email-campaigns'] as const,
  history: ['admin', 'email-send-history'] as const,
}

export const campaignsQuery = () => queryOptions({ queryKey: campaignKeys.all, queryFn: campaignCalls.list })

/** Under the list's key: what refreshes the list (an activation, a pause, a save) refreshes the report too. */
export const campaignReportQuery = (id: string) =>
  queryOptions({ queryKey: [...campaignKeys.all, id, 'report'], queryFn: () => campaignCalls.report(id) })

export const sendHistoryQuery = (status: SendStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.history, status ?? 'all'],
    queryFn: ({ pageParam }) => campaignCalls.history(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  })
