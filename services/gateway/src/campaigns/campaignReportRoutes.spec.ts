import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignReport } from '@reelmates/contracts/campaignReports'
import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { makeAdmin, register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

// Who enters, waits and completes, on a fake clock: `campaigns.spec.ts`. Here: what is refused, and
// failed mails with their reason, from a server whose SMTP server refuses every connection.
describe('GET /api/admin/email-campaigns/:id/report', () => {
  let t: TestApp
  let admin: Registered

  beforeAll(async () => {
    // Nothing listens on port 1: every mail fails at once with the connection's error.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } })
    admin = await register(t.app, 'reporter')
    await makeAdmin(t.platform, admin.user.id)
  })
  afterAll(() => t.close())

  async function settle() {
    for (;;) {
      const head = await t.platform.eventStore.headPosition()
      await t.platform.projections.waitForPosition(head)
      await t.platform.scheduler.waitForPosition(head, 10_000)
      if ((await t.platform.eventStore.headPosition()) === head) return
    }
  }
  const reportOf = (id: string) => admin.client.get(`/api/admin/email-campaigns/${id}/report`)

  it('counts a step’s failed mails and tells the last one’s reason', async () => {
    const created = await admin.client.post('/api/admin/email-campaigns', {
      name: 'Welcome, failing',
      steps: [{ templateName: 'campaign-welcome', delayDays: 0 }],
      triggers: [{ triggerType: 'registered', triggerCondition: {} }],
    })
    expect(created.statusCode, created.body).toBe(201)
    const campaign = created.json<CampaignItem>()
    await settle()
    await register(t.app, 'bounced1')
    await register(t.app, 'bounced2')
    await settle()

    const answer = await reportOf(campaign.id)
    expect(answer.statusCode, answer.body).toBe(200)
    const report = answer.json<CampaignReport>()
    expect(report.members).toMatchObject({ entered: 2, completed: 2, inProgress: 0 })
    expect(report.steps).toHaveLength(1)
    expect(report.steps[0]).toMatchObject({ stepOrder: 1, reached: 2, sent: 0, failed: 2, lastSentAt: null })
    expect(report.steps[0]?.lastFailure?.error).toMatch(/ECONNREFUSED/)
    expect(Date.parse(report.steps[0]?.lastFailure?.at ?? '')).not.toBeNaN()
    expect((await admin.client.post(`/api/admin/email-campaigns/${campaign.id}/pause`)).statusCode).toBe(200)
  })

  it('answers 404 for a campaign that does not exist and 400 for an id that cannot be one', async () => {
    const missing = await reportOf('5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11')
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ message: string }>().message).toMatch(/no campaign/)
    const malformed = await reportOf('not-an-id')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ message: string }>().message).toMatch(/not a campaign id/)
  })
})
