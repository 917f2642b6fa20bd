import { randomUUID } from 'node:crypto'
import { PersonalDataViewed } from '@reelmates/contracts/eventHistory'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { FastifyRequest } from 'fastify'
import { currentUserId } from '../http/auth'
import { commandMetadata } from '../http/execute'
import { personalDataShownIn } from './presentEvent'

export const personalDataViewsStream = (adminUserId: string) => `personal-data-views-${adminUserId}`

/**
 * Records that the admin of this request was shown decrypted personal data, before the answer
 * leaves: no record, no data. Appended straight to the admin's own stream because there is nothing
 * to decide (no rule can refuse a record of what already happened) and nothing to fold.
 */
export async function recordPersonalDataViews(request: FastifyRequest, shown: readonly RecordedEvent[]): Promise<void> {
  const viewed = shown.flatMap((event) => {
    const subject = personalDataShownIn(event)
    return subject === undefined ? [] : [{ subject, position: event.position.toString() }]
  })
  if (viewed.length === 0) return
  const adminUserId = currentUserId(request)
  const metadata = commandMetadata(request)
  const fact = PersonalDataViewed({
    adminUserId,
    subjectUserIds: [...new Set(viewed.map((one) => one.subject))],
    positions: viewed.map((one) => one.position),
    viewedAt: metadata.occurredAt,
  })
  await request.server.platform.eventStore.append(personalDataViewsStream(adminUserId), [
    {
      id: randomUUID(),
      type: fact.type,
      data: fact.data,
      metadata: { ...metadata, schemaVersion: PersonalDataViewed.version },
    },
  ])
}
