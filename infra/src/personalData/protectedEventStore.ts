/**
 * Keeps personal data out of the event store in clear. Events whose definition declares `personal`
 * are stored with those fields moved into one ciphertext under the subject's key; every read puts them
 * back. Once the subject is erased its key is gone, so the same events read with `null` in each
 * personal field and `metadata.personalDataErased` set — the log stays intact and immutable, and
 * projectors and deciders can show "deleted user" instead of failing.
 */
// Every event type must be known here, or its personal fields would be stored in clear.
import '@reelmates/contracts/allEvents'
import { eventDefinition, type PersonalData } from '@reelmates/contracts/events'
import type { AllSubscription, EventStore, EventToAppend, RecordedEvent } from '../eventStore/port'
import type { PersonalDataVault } from './port'

/** The data field that holds the encrypted personal fields of a stored event. */
export const SEALED_PERSONAL_DATA = '__personal'

/**
 * Seals an event's personal fields as `append` stores them: for writers that put events into the
 * store in bulk (benches, imports) without going through `protectPersonalData`'s append.
 */
export function personalDataSealer(vault: PersonalDataVault): (event: EventToAppend) => Promise<EventToAppend> {
  return async function seal(event) {
    const personal = eventDefinition(event.type)?.personal
    if (personal === undefined) return event
    const subjectId = subjectOf(event.type, event.data, personal)
    const data = { ...event.data }
    const values: Record<string, unknown> = {}
    for (const field of personal.fields) {
      if (!Object.hasOwn(data, field)) continue
      values[field] = data[field]
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the fields are named by the event's definition
      delete data[field]
    }
    if (Object.keys(values).length === 0) return event
    data[SEALED_PERSONAL_DATA] = await vault.encrypt(subjectId, values)
    return { ...event, data }
  }
}

export function protectPersonalData(eventStore: EventStore, vault: PersonalDataVault): EventStore {
  const seal = personalDataSealer(vault)

  async function unseal(event: RecordedEvent): Promise<RecordedEvent> {
    const ciphertext = event.data[SEALED_PERSONAL_DATA]
    if (typeof ciphertext !== 'string') return event
    const personal = eventDefinition(event.type)?.personal
    if (personal === undefined) {
      throw new Error(
        `${event.type} at position ${event.position} holds personal data but its definition is not loaded`,
      )
    }
    const { [SEALED_PERSONAL_DATA]: _sealed, ...data } = event.data
    const opened = await vault.decrypt(subjectOf(event.type, data, personal), ciphertext)
    if (opened.erased) {
      for (const field of personal.fields) data[field] = null
      return { ...event, data, metadata: { ...event.metadata, personalDataErased: true } }
    }
    return { ...event, data: { ...data, ...(opened.value as Record<string, unknown>) } }
  }

  return {
    async append(streamId, events, options) {
      return eventStore.append(streamId, await Promise.all(events.map(seal)), options)
    },
    async readStream(streamId, options) {
      return Promise.all((await eventStore.readStream(streamId, options)).map(unseal))
    },
    async readAll(options) {
      return Promise.all((await eventStore.readAll(options)).map(unseal))
    },
    async readAllBackwards(options) {
      return Promise.all((await eventStore.readAllBackwards(options)).map(unseal))
    },
    subscribeToAll(options): AllSubscription {
      const subscription = eventStore.subscribeToAll(options)
      return {
        stop: () => subscription.stop(),
        async *[Symbol.asyncIterator]() {
          for await (const event of subscription) yield await unseal(event)
        },
      }
    },
    headPosition: () => eventStore.headPosition(),
    close: () => eventStore.close(),
  }
}

function subjectOf(type: string, data: Record<string, unknown>, personal: PersonalData): string {
  const subjectId = data[personal.subjectField]
  if (typeof subjectId !== 'string' || subjectId === '') {
    throw new Error(`${type} must name the owner of its personal data in '${personal.subjectField}'`)
  }
  if (personal.fields.includes(personal.subjectField)) {
    throw new Error(
      `${type} declares its subject field '${personal.subjectField}' as personal: it could never be read back`,
    )
  }
  return subjectId
}
