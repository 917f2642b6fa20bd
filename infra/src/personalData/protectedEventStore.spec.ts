import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineEvent } from '@reelmates/contracts/events'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { EventStore, EventToAppend, RecordedEvent } from '../eventStore/port'
import { createSqliteEventStore } from '../eventStore/sqliteEventStore'
import { protectPersonalData, SEALED_PERSONAL_DATA } from './protectedEventStore'
import { createSqliteVault } from './sqliteVault'

const profileWritten = defineEvent(
  'PersonalDataSpecProfileWritten',
  z.object({ userId: z.string(), email: z.string(), bio: z.string().optional(), plan: z.string() }),
  { personal: { subjectField: 'userId', fields: ['email', 'bio'] } },
)
const titleRated = defineEvent('PersonalDataSpecTitleRated', z.object({ userId: z.string(), rating: z.number() }))

const directory = mkdtempSync(join(tmpdir(), 'reelmates-protected-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((each) => each.close()))
})

function setUp() {
  const eventStorePath = join(directory, `${randomUUID()}.events.sqlite`)
  const raw = createSqliteEventStore({ path: eventStorePath })
  const vault = createSqliteVault({ path: join(directory, `${randomUUID()}.vault.sqlite`), secret: 'x'.repeat(32) })
  const events = protectPersonalData(raw, vault)
  open.push(events, vault)
  return { raw, vault, events, eventStoreBytes: () => bytesOf(eventStorePath) }
}

function bytesOf(path: string): string {
  return readdirSync(directory)
    .map((file) => join(directory, file))
    .filter((file) => file.startsWith(path))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('')
}

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  occurredAt: '2026-11-22T08:00:00Z',
  schemaVersion: 1,
}
const toAppend = ({ type, data }: { type: string; data: Record<string, unknown> }): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata,
})

const ana = { userId: 'user-ana', email: 'ana.lopez@example.com', bio: 'Secretly loves Cats (2019)', plan: 'free' }
const ben = { userId: 'user-ben', email: 'ben.okafor@example.com', bio: 'Rewatches Heat every winter', plan: 'pro' }

async function firstOfSubscription(events: EventStore, count: number): Promise<RecordedEvent[]> {
  const subscription = events.subscribeToAll()
  const seen: RecordedEvent[] = []
  for await (const event of subscription) {
    seen.push(event)
    if (seen.length === count) break
  }
  await subscription.stop()
  return seen
}

describe('event store protecting personal data', () => {
  it('never writes personal fields in clear, and gives them back on every read path', async () => {
    const { events, eventStoreBytes } = setUp()
    await events.append('user-ana', [toAppend(profileWritten(ana))])

    const bytes = eventStoreBytes()
    expect(bytes).toContain('user-ana')
    expect(bytes).not.toContain(ana.email)
    expect(bytes).not.toContain('Cats (2019)')

    expect((await events.readStream('user-ana')).map((event) => event.data)).toEqual([ana])
    expect((await events.readAll()).map((event) => event.data)).toEqual([ana])
    expect((await firstOfSubscription(events, 1)).map((event) => event.data)).toEqual([ana])
  })

  it('stores the personal fields as one ciphertext beside the rest of the data', async () => {
    const { raw, events } = setUp()
    await events.append('user-ana', [toAppend(profileWritten(ana))])
    const [stored] = await raw.readStream('user-ana')
    const { [SEALED_PERSONAL_DATA]: sealed, ...inClear } = stored?.data ?? {}
    expect(inClear).toEqual({ userId: 'user-ana', plan: 'free' })
    expect(sealed).toMatch(/^p1\./)
  })

  it('reads the personal fields of an erased subject as null, marks the event, and leaves the others intact', async () => {
    const { vault, events, eventStoreBytes } = setUp()
    await events.append('user-ana', [toAppend(profileWritten(ana))])
    await events.append('user-ben', [toAppend(profileWritten(ben))])
    await vault.erase('user-ana')

    const [anas, bens] = await events.readAll()
    expect(anas?.data).toEqual({ userId: 'user-ana', plan: 'free', email: null, bio: null })
    expect(anas?.metadata.personalDataErased).toBe(true)
    expect(bens?.data).toEqual(ben)
    expect(bens?.metadata.personalDataErased).toBeUndefined()
    expect((await firstOfSubscription(events, 2)).map((event) => event.data.email)).toEqual([null, ben.email])
    expect((await events.readStream('user-ana'))[0]?.data.email).toBeNull()
    expect(eventStoreBytes()).not.toContain(ana.email)
  })

  it('seals each event of a batch under its own subject', async () => {
    const { vault, events } = setUp()
    await events.append('profiles', [toAppend(profileWritten(ana)), toAppend(profileWritten(ben))])
    await vault.erase('user-ben')
    expect((await events.readStream('profiles')).map((event) => event.data.email)).toEqual([ana.email, null])
  })

  it('keeps an optional personal field absent when it was absent', async () => {
    const { events } = setUp()
    const withoutBio = { userId: 'user-ana', email: ana.email, plan: 'free' }
    await events.append('user-ana', [toAppend(profileWritten(withoutBio))])
    expect((await events.readStream('user-ana'))[0]?.data).toEqual(withoutBio)
  })

  it('passes events without personal data through untouched', async () => {
    const { raw, events } = setUp()
    await events.append('ratings-ana', [toAppend(titleRated({ userId: 'user-ana', rating: 4 }))])
    expect((await raw.readStream('ratings-ana'))[0]?.data).toEqual({ userId: 'user-ana', rating: 4 })
    expect((await events.readStream('ratings-ana'))[0]?.data).toEqual({ userId: 'user-ana', rating: 4 })
  })

  it('refuses an event with personal data that names no subject, and stores nothing of the batch', async () => {
    const { events } = setUp()
    const orphan = toAppend({ type: profileWritten.type, data: { email: ana.email, plan: 'free' } })
    await expect(
      events.append('user-ana', [toAppend(titleRated({ userId: 'user-ana', rating: 1 })), orphan]),
    ).rejects.toThrow(/userId/)
    expect(await events.headPosition()).toBe(0n)
  })

  it('refuses new personal data for an erased subject', async () => {
    const { vault, events } = setUp()
    await vault.erase('user-ana')
    await expect(events.append('user-ana', [toAppend(profileWritten(ana))])).rejects.toThrow(/erased/)
  })
})
