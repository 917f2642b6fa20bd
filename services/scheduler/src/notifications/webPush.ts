import { createHash } from 'node:crypto'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { pushSubscriptions, pushSubscriptionsStream } from '@reelmates/commands/notifications/pushSubscriptions'
import { pushKeys } from '@reelmates/contracts/push'
import { systemActors, type EventStore, type RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { PushSender } from '@reelmates/infra/push/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { contextsOf } from '@reelmates/projections/notifications/notificationQueries'
import {
  pushOf,
  type NotificationDraft,
  type NotificationSource,
} from '@reelmates/projections/notifications/notificationSource'
import { notificationSources } from '@reelmates/projections/notifications/allSources'
import { pushQueries } from '@reelmates/projections/push/pushQueries'
import type { Reaction } from '../reactor'
import { decryptedEvent } from './decryptedEvent'
import { pushDeliveries } from './pushDeliveries'
import { joinPushGroup } from './pushGroups'

export const WEB_PUSH = 'web_push'

export interface WebPushTargets {
  /** The decrypting event store: to read what a push shows, and to record an expired device. */
  eventStore: EventStore
  readStore: ReadStore
  /** null where push is not configured (a distributed column without VAPID keys). */
  push: PushSender | null
  logger: { warn(details: object, message: string): void }
  now?: () => Date
}

/** What the service worker gets: it shows `title` and `body`, and opens `url` when clicked. */
export interface PushPayload {
  title: string
  body: string
  url: string
  tag: string
}

/** A day: a phone that is off for longer misses it, as the bell still has it. */
const ttlSeconds = 24 * 3600
/** RFC 8030: a topic is at most 32 base64url characters. */
const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32)

/**
 * Web push for every notification source: each event's drafts go to every device of their user. One
 * delivery record per (event, user, device) makes a redelivered event send nothing twice; a device
 * the push service no longer knows (404/410) is removed with an event.
 */
export function webPushReaction(targets: WebPushTargets): Reaction {
  const { eventStore, readStore, push } = targets
  const now = targets.now ?? (() => new Date())
  const deliveries = pushDeliveries(readStore)
  const handles = [...new Set(notificationSources.flatMap((source) => source.handles.map((handled) => handled.type)))]

  async function payloadOf(source: NotificationSource, draft: NotificationDraft, event: RecordedEvent) {
    // Comments gather in the bell only: each is pushed on its own.
    const groupKey =
      draft.group && source.groupedInPush !== false ? `${draft.userId}:${source.kind}:${draft.group}` : null
    const actorIds = groupKey
      ? await joinPushGroup(readStore, groupKey, draft.actorId, now())
      : draft.actorId
        ? [draft.actorId]
        : []
    const [context] = await contextsOf(readStore, [{ actorIds, detail: draft.detail }])
    if (!context) throw new Error('no context for a notification')
    const shown = pushOf(source, context)
    const payload: PushPayload = { ...shown, url: draft.url, tag: groupKey ?? `${source.kind}:${event.id}` }
    return { payload: JSON.stringify(payload), topic: groupKey ? topicOf(groupKey) : undefined }
  }

  async function dropDevice(
    userId: string,
    subscriptionId: string,
    cause: RecordedEvent,
    reason: 'expired' | 'unusable' = 'expired',
  ) {
    await handleCommand(eventStore, {
      decider: pushSubscriptions,
      streamId: pushSubscriptionsStream(userId),
      command: { type: 'DropDevice', userId, subscriptionId, removedAt: now().toISOString(), reason },
      metadata: {
        correlationId: cause.metadata.correlationId,
        causationId: cause.id,
        actorId: systemActors.scheduler,
        occurredAt: now().toISOString(),
      },
    })
  }

  return {
    name: WEB_PUSH,
    handles,
    async react(stored) {
      if (!push) return
      const event = await decryptedEvent(eventStore, stored)
      for (const source of notificationSources) {
        if (!source.handles.some((handled) => handled.type === event.type)) continue
        for (const draft of source.notify(event)) {
          if (draft.channels?.push === false) continue
          const devices = await pushQueries(readStore).ofUser(draft.userId)
          if (devices.length === 0) continue
          const { payload, topic } = await payloadOf(source, draft, event)
          for (const device of devices) {
            const deliveryId = `${event.id}:${draft.userId}:${device._id}`
            if (await deliveries.sent(deliveryId)) continue
            // Saved before subscribing checked the keys: web push cannot encrypt for it, so every push
            // failed as an error and was retried. It is dropped as a forgotten device is, once.
            if (!pushKeys.safeParse(device.keys).success) {
              targets.logger.warn(
                { subscriptionId: device._id, userId: draft.userId },
                'push device dropped: its keys are unusable',
              )
              await dropDevice(draft.userId, device._id, event, 'unusable')
              continue
            }
            const outcome = await push.send(device, payload, { ttlSeconds, ...(topic ? { topic } : {}) })
            if (outcome === 'expired') await dropDevice(draft.userId, device._id, event)
            await deliveries.record({
              _id: deliveryId,
              userId: draft.userId,
              subscriptionId: device._id,
              ref: draft.ref ?? null,
              outcome,
              sentAt: now().toISOString(),
            })
          }
        }
      }
    },
  }
}
