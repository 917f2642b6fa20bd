import { eventDefinition } from '@reelmates/contracts/events'
import type { HistoryEvent } from '@reelmates/contracts/eventHistory'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'

/** Secrets are never shown, even to admins: a hash or token is of no use to read and of use to steal. */
const secretField = /(passwordHash|tokenHash|token)$/i
export const WITHHELD = '[withheld]'

/**
 * A push subscription's keys and endpoint let whoever holds them push to the member's browser (the
 * endpoint is a capability address): secrets too. The endpoint's origin, the push service, only says
 * which browser it is, so it stays.
 */
const pushDeviceSecrets: Record<string, readonly string[]> = { PushSubscriptionAdded: ['endpoint', 'keys'] }

const isSecret = (type: string, field: string): boolean =>
  secretField.test(field) || (pushDeviceSecrets[type]?.includes(field) ?? false)

function withheld(field: string, value: unknown): string {
  if (field !== 'endpoint' || typeof value !== 'string') return WITHHELD
  const origin = URL.parse(value)?.origin
  return origin && origin !== 'null' ? `${origin}/${WITHHELD}` : WITHHELD
}

const withoutSecrets = (type: string, data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).map(([field, value]) =>
      isSecret(type, field) && value !== null && value !== undefined ? [field, withheld(field, value)] : [field, value],
    ),
  )

/** An event as the history explorer shows it: secrets withheld, erased personal fields named. */
export function presentEvent(event: RecordedEvent): HistoryEvent {
  const personal = eventDefinition(event.type)?.personal
  const erased = event.metadata.personalDataErased === true
  return {
    position: event.position.toString(),
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: withoutSecrets(event.type, event.data),
    metadata: event.metadata,
    createdAt: event.recordedAt.toISOString(),
    erasedFields: erased && personal ? personal.fields.filter((field) => Object.hasOwn(event.data, field)) : [],
  }
}

/**
 * The people whose decrypted personal data this event shows: its subject, when the event carries a
 * personal field that is neither erased, empty nor a withheld secret.
 */
export function personalDataShownIn(event: RecordedEvent): string | undefined {
  const personal = eventDefinition(event.type)?.personal
  if (!personal || event.metadata.personalDataErased === true) return undefined
  const shown = personal.fields.some((field) => {
    const value = event.data[field]
    return value !== null && value !== undefined && !isSecret(event.type, field)
  })
  const subject = event.data[personal.subjectField]
  return shown && typeof subject === 'string' ? subject : undefined
}
