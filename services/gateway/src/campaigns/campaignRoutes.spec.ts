import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { makeAdmin, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

const valid = {
  name: 'Welcome',
  steps: [{ templateName: 'campaign-welcome', delayDays: 0 }],
  triggers: [{ triggerType: 'registered', triggerCondition: {} }],
}

describe('admin campaign and send-history routes', () => {
  let t: TestApp
  let admin: Registered
  let member: Registered

  beforeAll(async () => {
    t = await createTestApp()
    admin = await register(t.app, 'boss')
    await makeAdmin(t.platform, admin.user.id)
    member = await register(t.app, 'member')
  })
  afterAll(() => t.close())

  const routes: [string, string][] = [
    ['GET', '/api/admin/email-campaigns'],
    ['POST', '/api/admin/email-campaigns'],
    ['PUT', '/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11'],
    ['POST', '/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11/activate'],
    ['POST', '/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11/pause'],
    ['DELETE', '/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11'],
    ['GET', '/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11/report'],
    ['GET', '/api/admin/email-send-history'],
  ]

  it.each(routes)('%s %s answers 401 to a visitor and 403 to a member', async (method, url) => {
    const anonymous = await agent(t.app).request(method as 'GET', url, { body: method === 'GET' ? undefined : valid })
    expect(anonymous.statusCode).toBe(401)
    const refused = await member.client.request(method as 'GET', url, { body: method === 'GET' ? undefined : valid })
    expect(refused.statusCode).toBe(403)
    expect(refused.json<{ message: string }>().message).toBeTruthy()
  })

  it.each([
    [{ ...valid, name: '' }, /needs a name/],
    // Zero-width space and word joiner: a name that shows nothing is no name.
    [{ ...valid, name: ' \u200B\u2060 ' }, /needs a name/],
    [{ ...valid, description: 'd'.repeat(501) }, /^A campaign description is at most 500 characters\.$/],
    [{ ...valid, steps: [] }, /at least one step/],
    [{ ...valid, triggers: [] }, /at least one trigger/],
    [{ ...valid, triggers: [...valid.triggers, ...valid.triggers] }, /^The same trigger is listed twice\.$/],
    [{ ...valid, steps: [{ templateName: 'campaign-welcome', delayDays: -1 }] }, /cannot be negative/],
    [
      { ...valid, steps: [{ templateName: 'no-such-mail', delayDays: 0 }] },
      /from a campaign template \(campaign-welcome, .*\), not no-such-mail\./,
    ],
    [{ ...valid, triggers: [{ triggerType: 'birthday', triggerCondition: {} }] }, /triggerType must be/],
    [{ ...valid, triggers: [{ triggerType: 'inactive', triggerCondition: {} }] }, /days/],
    [{ ...valid, triggers: [{ triggerType: 'watched', triggerCondition: { count: 0 } }] }, /count must be at least 1/],
  ])('refuses a campaign that cannot run with a 400 and a message (%#)', async (body, message) => {
    const answer = await admin.client.post('/api/admin/email-campaigns', body)
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(message)
  })

  it('creates, lists, edits, pauses and activates a campaign; a name is taken once', async () => {
    const created = await admin.client.post('/api/admin/email-campaigns', { ...valid, isActive: false })
    expect(created.statusCode, created.body).toBe(201)
    const campaign = created.json<CampaignItem>()
    expect(campaign).toMatchObject({ name: 'Welcome', isActive: false, steps: [{ stepOrder: 1, delayDays: 0 }] })

    const listed = await admin.client.get('/api/admin/email-campaigns')
    expect(listed.json<{ campaigns: CampaignItem[] }>().campaigns.map((one) => one.id)).toEqual([campaign.id])

    const edited = await admin.client.put(`/api/admin/email-campaigns/${campaign.id}`, {
      ...valid,
      steps: [...valid.steps, { templateName: 'campaign-find-friends', delayDays: 3 }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json<CampaignItem>().steps.map((step) => step.stepOrder)).toEqual([1, 2])

    const activated = await admin.client.post(`/api/admin/email-campaigns/${campaign.id}/activate`)
    expect(activated.json<CampaignItem>().isActive).toBe(true)
    const paused = await admin.client.post(`/api/admin/email-campaigns/${campaign.id}/pause`)
    expect(paused.json<CampaignItem>().isActive).toBe(false)

    const twin = await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'welcome' })
    expect(twin.statusCode).toBe(409)
    expect(twin.json<{ message: string }>().message).toMatch(/has that name/)
  })

  it('refuses a save over a change made since the form had the campaign, and takes a form’s saves in a row', async () => {
    const opened = (
      await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Welcome series', isActive: false })
    ).json<CampaignItem>()
    const path = `/api/admin/email-campaigns/${opened.id}`
    const save = (basedOn: unknown, change: Record<string, unknown>) =>
      admin.client.put(path, { ...valid, name: 'Welcome series', ...change, basedOn })

    // Two forms opened the same campaign; the first renames it.
    const renamed = await save(opened.updatedAt, { name: 'Welcome series (v2)' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const stale = await save(opened.updatedAt, { description: 'Only the description' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ message: string }>().message).toMatch(/^This campaign was changed since you opened it/)
    const now = (await admin.client.get('/api/admin/email-campaigns')).json<{ campaigns: CampaignItem[] }>()
    expect(now.campaigns.find((one) => one.id === opened.id)).toMatchObject({
      name: 'Welcome series (v2)',
      description: '',
    })

    // The first form saves again, based on its own save.
    const again = await save(renamed.json<CampaignItem>().updatedAt, { name: 'Welcome series (v2)', description: 'v2' })
    expect(again.statusCode, again.body).toBe(200)

    // Activating changes the campaign too; a save based on what the activation answered goes through.
    const activated = (await admin.client.post(`${path}/activate`)).json<CampaignItem>()
    expect((await save(again.json<CampaignItem>().updatedAt, { name: 'Welcome series (v2)' })).statusCode).toBe(409)
    expect((await save(activated.updatedAt, { name: 'Welcome series (v2)' })).statusCode).toBe(200)
  })

  it('refuses to activate a campaign changed since the screen showed it, and pauses whatever changed', async () => {
    const shown = (
      await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Come back', isActive: false })
    ).json<CampaignItem>()
    const path = `/api/admin/email-campaigns/${shown.id}`
    // Another admin adds a step while this one's list still shows the campaign as it was created.
    const changed = await admin.client.put(path, {
      ...valid,
      name: 'Come back',
      steps: [...valid.steps, { templateName: 'campaign-come-back', delayDays: 7 }],
    })
    expect(changed.statusCode, changed.body).toBe(200)

    const stale = await admin.client.post(`${path}/activate`, { basedOn: shown.updatedAt })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ message: string }>().message).toMatch(
      /^This campaign was changed since you last saw it .*Look at it again before activating it\.$/,
    )
    const now = (await admin.client.get('/api/admin/email-campaigns')).json<{ campaigns: CampaignItem[] }>()
    expect(now.campaigns.find((one) => one.id === shown.id)?.isActive).toBe(false)

    const seen = await admin.client.post(`${path}/activate`, { basedOn: changed.json<CampaignItem>().updatedAt })
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json<CampaignItem>().isActive).toBe(true)

    // The other admin edits it again; a pause from the older list still stops it.
    await admin.client.put(path, { ...valid, name: 'Come back', description: 'Edited while it ran' })
    const paused = await admin.client.post(`${path}/pause`)
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json<CampaignItem>().isActive).toBe(false)
  })

  it('refuses a malformed basedOn of an activation with a 400 and a message', async () => {
    const answer = await admin.client.post('/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11/activate', {
      basedOn: 42,
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/basedOn/)
  })

  // Not a version the server ever gave: answered as a change made since (409), it sent the admin to reload.
  it.each([['x'.repeat(65)], [42], ['not-a-date']])(
    'refuses a malformed basedOn with a 400 and a message (%#)',
    async (basedOn) => {
      const answer = await admin.client.put('/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11', {
        ...valid,
        basedOn,
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(/basedOn/)
    },
  )

  it('answers 404 to a save of a campaign that does not exist, whatever its name, rather than refuse the name', async () => {
    await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Taken name', isActive: false })
    const answer = await admin.client.put('/api/admin/email-campaigns/0b7c3c2e-41a5-4f7d-8d7e-3a0c9f1e2b44', {
      ...valid,
      name: 'Taken name',
    })
    expect(answer.statusCode, answer.body).toBe(404)
    expect(answer.json<{ message: string }>().message).toBe('There is no campaign with that id.')
  })

  it('answers 404 for a campaign that does not exist and 400 for an id that cannot be one', async () => {
    const missing = await admin.client.post('/api/admin/email-campaigns/5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11/pause')
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ message: string }>().message).toMatch(/no campaign/)
    const malformed = await admin.client.post('/api/admin/email-campaigns/not-an-id/pause')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ message: string }>().message).toMatch(/not a campaign id/)
  })

  describe('deleting a campaign', () => {
    const listedIds = async () =>
      (await admin.client.get('/api/admin/email-campaigns'))
        .json<{ campaigns: CampaignItem[] }>()
        .campaigns.map((one) => one.id)

    it('deletes an active campaign: it leaves the list and its report, and its name is free again', async () => {
      const test = (
        await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Test campaign' })
      ).json<CampaignItem>()
      expect(test.isActive).toBe(true)
      const path = `/api/admin/email-campaigns/${test.id}`

      const deleted = await admin.client.delete(path, { basedOn: test.updatedAt })
      expect(deleted.statusCode, deleted.body).toBe(200)
      expect(deleted.json<{ message: string }>().message).toBe('The campaign has been deleted.')
      expect(await listedIds()).not.toContain(test.id)
      expect((await admin.client.get(`${path}/report`)).statusCode).toBe(404)

      const again = await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'test campaign' })
      expect(again.statusCode, again.body).toBe(201)
      expect(await listedIds()).toContain(again.json<CampaignItem>().id)
      await admin.client.delete(`/api/admin/email-campaigns/${again.json<CampaignItem>().id}`)
    })

    it('answers 404 to a campaign deleted already, and to its save, activation or pause', async () => {
      const gone = (
        await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Gone', isActive: false })
      ).json<CampaignItem>()
      const path = `/api/admin/email-campaigns/${gone.id}`
      expect((await admin.client.delete(path)).statusCode).toBe(200)
      for (const answer of [
        await admin.client.delete(path),
        await admin.client.put(path, { ...valid, name: 'Gone' }),
        await admin.client.post(`${path}/activate`),
        await admin.client.post(`${path}/pause`),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404)
        expect(answer.json<{ message: string }>().message).toBe('There is no campaign with that id.')
      }
    })

    it('answers 404 to a campaign that never existed and 400 to an id that cannot be one', async () => {
      const missing = await admin.client.delete('/api/admin/email-campaigns/0b7c3c2e-41a5-4f7d-8d7e-3a0c9f1e2b44')
      expect(missing.statusCode).toBe(404)
      expect(missing.json<{ message: string }>().message).toBe('There is no campaign with that id.')
      const malformed = await admin.client.delete('/api/admin/email-campaigns/not-an-id')
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json<{ message: string }>().message).toMatch(/not a campaign id/)
    })

    it('refuses to delete a campaign changed since the screen showed it', async () => {
      const shown = (
        await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Changed under', isActive: false })
      ).json<CampaignItem>()
      const path = `/api/admin/email-campaigns/${shown.id}`
      const activated = (await admin.client.post(`${path}/activate`)).json<CampaignItem>()
      const stale = await admin.client.delete(path, { basedOn: shown.updatedAt })
      expect(stale.statusCode).toBe(409)
      expect(stale.json<{ message: string }>().message).toMatch(/Look at it again before deleting it\.$/)
      expect(await listedIds()).toContain(shown.id)
      expect((await admin.client.delete(path, { basedOn: activated.updatedAt })).statusCode).toBe(200)
    })

    it('is in the OpenAPI document, with its optional basedOn', async () => {
      const document = (await t.app.inject('/api/docs/json')).json<{
        paths: Record<string, Record<string, { summary?: string; requestBody?: unknown }>>
      }>()
      const deletion = document.paths['/api/admin/email-campaigns/{id}']?.delete
      expect(deletion?.summary).toMatch(/^Delete a campaign, active or paused/)
      expect(JSON.stringify(deletion?.requestBody)).toContain('basedOn')
    })

    it('refuses a deletion without the CSRF token', async () => {
      const kept = (
        await admin.client.post('/api/admin/email-campaigns', { ...valid, name: 'Kept', isActive: false })
      ).json<CampaignItem>()
      const answer = await admin.client.delete(`/api/admin/email-campaigns/${kept.id}`, undefined, { csrf: false })
      expect(answer.statusCode).toBe(403)
      expect(await listedIds()).toContain(kept.id)
    })
  })

  it('refuses a send-history filter it does not know', async () => {
    const answer = await admin.client.get('/api/admin/email-send-history?status=bounced')
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/status must be/)
  })
})
