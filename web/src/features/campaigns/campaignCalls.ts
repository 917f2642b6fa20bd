import type { CampaignReport } from '@reelmates/contracts/campaignReports'
import type {
  CampaignActivation,
  CampaignDefinition,
  CampaignDeletion,
  CampaignEdit,
  CampaignItem,
} from '@reelmates/contracts/campaigns'
import { requests } from '../../lib/api'

export interface SendHistoryItem {
  id: string
  sentAt: string
  status: 'sent' | 'failed' | 'outbox'
  category: string
  to: string
  userId: string | null
  subject: string
  errorMessage: string | null
}
export type SendStatus = SendHistoryItem['status']

const path = (id: string) => `/api/admin/email-campaigns/${encodeURIComponent(id)}`

export const campaignCalls = {
  list: () => requests.get<{ campaigns: CampaignItem[] }>('/api/admin/email-campaigns'),
  create: (definition: CampaignDefinition & { isActive: boolean }) =>
    requests.send<CampaignItem>('POST', '/api/admin/email-campaigns', definition),
  update: (id: string, edit: CampaignEdit) => requests.send<CampaignItem>('PUT', path(id), edit),
  /** `basedOn`: the campaign's `updatedAt` as the screen shows it; activating a later change is refused. */
  activate: (id: string, basedOn: string) =>
    requests.send<CampaignItem>('POST', `${path(id)}/activate`, { basedOn } satisfies CampaignActivation),
  pause: (id: string) => requests.send<CampaignItem>('POST', `${path(id)}/pause`),
  /** `basedOn`: the campaign's `updatedAt` as the screen shows it; deleting a later change is refused. */
  remove: (id: string, basedOn: string) =>
    requests.send<{ message: string }>('DELETE', path(id), { basedOn } satisfies CampaignDeletion),
  report: (id: string) => requests.get<CampaignReport>(`${path(id)}/report`),
  history: (status: SendStatus | null, before: number | null) => {
    const query = new URLSearchParams({ limit: '25' })
    if (status) query.set('status', status)
    if (before !== null) query.set('before', String(before))
    return requests.get<{ items: SendHistoryItem[]; next: number | null }>(
      `/api/admin/email-send-history?${query.toString()}`,
    )
  },
}
