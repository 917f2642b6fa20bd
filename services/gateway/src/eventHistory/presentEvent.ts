import { eventDefinition } from '@reelmates/contracts/events'
import type { HistoryEvent } from '@reelmates/contracts/eventHistory'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'

/** Secrets are never shown, even to admins: a hash or token is of no use to read and of use to steal. */
const secretField = /(passwordHash|tokenHash|token)$/i
export const WITHHELD = '[withheld]'

const withoutSecrets = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).map(([field, value]) =>
      secretField.test(field) && value !== null && value !== undefined ? [field, WITHHELD] : [field, value],
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
    data: withoutSecrets(event.data),
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
    return value !== null && value !== undefined && !secretField.test(field)
  })
  const subject = event.data[personal.subjectField]
  return shown && typeof subject === 'string' ? subject : undefined
}
