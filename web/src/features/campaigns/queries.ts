import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { campaignCalls, type SendStatus } from './campaignCalls'

export const campaignKeys = {
  all: ['admin', 'email-campaigns'] as const,
  history: ['admin', 'email-send-history'] as const,
}

export const campaignsQuery = () => queryOptions({ queryKey: campaignKeys.all, queryFn: campaignCalls.list })

export const sendHistoryQuery = (status: SendStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...campaignKeys.history, status ?? 'all'],
    queryFn: ({ pageParam }) => campaignCalls.history(status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  })
