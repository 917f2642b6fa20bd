import { describe, expect, it } from 'vitest'
import { register } from '../account/accountFixtures'
import { createTestApp } from '../testing/testApp'

async function firstSignUpsCorrelationId(): Promise<string> {
  const t = await createTestApp()
  try {
    const ann = await register(t.app, 'annrequests')
    const [registered] = await t.platform.eventStore.readStream(`account-${ann.user.id}`)
    return String(registered?.metadata.correlationId)
  } finally {
    await t.close()
  }
}

describe('request ids', () => {
  it('name a request for good: a server started again does not give its first requests the ids of the last run', async () => {
    // Fastify's own ids count from req-1 in every process, and they are the events' correlation ids.
    const [before, after] = [await firstSignUpsCorrelationId(), await firstSignUpsCorrelationId()]
    expect(before).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(after).not.toBe(before)
  }, 90_000) // two servers and two sign-ups (a password hash each) on a busy machine
})
