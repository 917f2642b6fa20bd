import { eventDefinition } from '@reelmates/contracts/events'
import type { HistoryEvent } from '@reelmates/contracts/eventHistory'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'

/** Secrets are never shown, even to admins: a hash or token is of no use to read and of use to steal. */
const secretField = /(passwordHash|tokenHash|token)$/i
export const WITHHELD = '[withheld]'

/**
 * A push subscription's keys and endpoint let whoever holds them push to the member's browser (the
 * endpoint is a capability address): secrets too. The endpoint's origin, the push service, only says
 * which browser it is, so it stays. A subscription arrives two ways: as a device's own fields
 * (`PushSubscriptionAdded`), and whole, in any shape, as a profile's `pushSubscription` (PUT
 * /api/user/profile, spec §5), where all of it but the endpoint's origin is withheld.
 */
const pushDeviceFields: Record<string, readonly string[]> = { PushSubscriptionAdded: ['endpoint', 'keys'] }
const wholePushDevice: Record<string, string> = { ProfileUpdated: 'pushSubscription' }

const isPushDevice = (type: string, field: string): boolean =>
  (pushDeviceFields[type]?.includes(field) ?? false) || wholePushDevice[type] === field

const isSecret = (type: string, field: string): boolean => secretField.test(field) || isPushDevice(type, field)

function withheldEndpoint(value: unknown): string {
  const origin = typeof value === 'string' ? URL.parse(value)?.origin : undefined
  return origin && origin !== 'null' ? `${origin}/${WITHHELD}` : WITHHELD
}

/** The one way a push device's field is shown, wherever the device is carried. */
const withheldDeviceField = (field: string, value: unknown): string =>
  field === 'endpoint' ? withheldEndpoint(value) : WITHHELD

function withheldWholeDevice(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return WITHHELD
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [field, inner === null ? null : withheldDeviceField(field, inner)]),
  )
}

function withheld(type: string, field: string, value: unknown): unknown {
  if (wholePushDevice[type] === field) return withheldWholeDevice(value)
  return isPushDevice(type, field) ? withheldDeviceField(field, value) : WITHHELD
}

const withoutSecrets = (type: string, data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).map(([field, value]) =>
      isSecret(type, field) && value !== null && value !== undefined
        ? [field, withheld(type, field, value)]
        : [field, value],
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
