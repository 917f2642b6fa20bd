import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignProgress, campaignProgressStreamId } from '@reelmates/commands/campaign/campaignProgress'
import { handleCommand } from '@reelmates/commands/handleCommand'
import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import type { CampaignReport } from '@reelmates/contracts/campaignReports'
import type { CampaignItem } from '@reelmates/contracts/campaigns'
import type { OutboxEntry } from '@reelmates/infra/mail/port'
import { makeAdmin, register, suspend, testClock, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

const DAY = 24 * 60 * 60 * 1000

describe('drip campaigns on a fake clock', () => {
  const clock = testClock('2026-11-22T10:00:00.000Z')
  let t: TestApp
  let admin: Registered

  /** Until the projections and the scheduler's reactions have handled everything, including each other's events. */
  async function settle() {
    for (;;) {
      const head = await t.platform.eventStore.headPosition()
      await t.platform.projections.waitForPosition(head)
      await t.platform.scheduler.waitForPosition(head, 10_000)
      if ((await t.platform.eventStore.headPosition()) === head) return
    }
  }
  const campaignMails = async (to: string) => {
    await settle()
    return (await t.platform.mailer.list({ to, limit: 50 })).filter((mail) => mail.category === 'campaign-step')
  }
  /** Moves the clock on and runs the campaign job as agenda would. */
  async function later(days: number) {
    clock.advance(days * DAY)
    await settle()
    expect(await t.platform.scheduler.runTimedJob('campaign-steps')).toBe(true)
  }
  async function createCampaign(name: string, extra: Record<string, unknown> = {}): Promise<CampaignItem> {
    const answer = await admin.client.post('/api/admin/email-campaigns', {
      name,
      description: 'The first days',
      steps: [
        { templateName: 'campaign-welcome', delayDays: 0 },
        { templateName: 'campaign-find-friends', delayDays: 3 },
      ],
      triggers: [{ triggerType: 'registered', triggerCondition: {} }],
      ...extra,
    })
    expect(answer.statusCode, answer.body).toBe(201)
    await settle()
    return answer.json<CampaignItem>()
  }
  /** The timed job's step decision, made directly: as if it read the campaign an instant before a change. */
  const advanceAsTheJobDecided = (campaign: CampaignItem, userId: string) =>
    handleCommand(t.platform.eventStore, {
      decider: campaignProgress,
      streamId: campaignProgressStreamId(campaign.id, userId),
      command: {
        type: 'AdvanceCampaign',
        campaignId: campaign.id,
        userId,
        steps: campaign.steps,
        at: clock.now().toISOString(),
      },
      metadata: { correlationId: 't', causationId: 't', actorId: 'system', occurredAt: clock.now().toISOString() },
    })
  const pause = async (campaign: CampaignItem) => {
    expect((await admin.client.post(`/api/admin/email-campaigns/${campaign.id}/pause`)).statusCode).toBe(200)
    await settle()
  }
  const unsubscribeLinkIn = (mail: OutboxEntry | undefined) => {
    const match = mail?.text.match(/\/unsubscribed\?token=(\S+)/)
    if (!match?.[1]) throw new Error(`no unsubscribe link in ${mail?.text ?? 'no mail'}`)
    return match[1]
  }

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now })
    admin = await register(t.app, 'campaigner')
    await makeAdmin(t.platform, admin.user.id)
  })
  afterAll(() => t.close())

  it('mails step 1 at sign-up and step 2 three days later, once each, with an unsubscribe link and one-click headers', async () => {
    const welcome = await createCampaign('Welcome')
    const member = await register(t.app, 'newbie')
    const first = await campaignMails(member.user.email)
    expect(first.map((mail) => mail.subject)).toEqual(['Welcome to Reelmates, newbie'])
    const token = unsubscribeLinkIn(first[0])
    expect(first[0]?.html).toContain('/unsubscribed?token=')
    expect(first[0]?.text).not.toContain(member.user.id)
    expect(first[0]?.headers).toEqual({
      'List-Unsubscribe': `<${t.platform.config.publicUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    await later(2)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await later(1)
    const both = await campaignMails(member.user.email)
    expect(both.map((mail) => mail.subject)).toEqual([
      'Reelmates is better with friends',
      'Welcome to Reelmates, newbie',
    ])
    await later(10)
    expect(await campaignMails(member.user.email)).toHaveLength(2)

    const listed = (await admin.client.get('/api/admin/email-campaigns')).json<{ campaigns: CampaignItem[] }>()
    expect(listed.campaigns.find((one) => one.id === welcome.id)).toMatchObject({ entered: 1, completed: 1 })
    await pause(welcome)
  })

  it("leads in the log from a sign-up to its welcome mail: the entry, the step and the send's record follow from it", async () => {
    const campaign = await createCampaign('Followed')
    const member = await register(t.app, 'followed')
    const [mail] = await campaignMails(member.user.email)
    const [registered] = await t.platform.eventStore.readStream(`account-${member.user.id}`)
    const progress = await t.platform.eventStore.readStream(campaignProgressStreamId(campaign.id, member.user.id))
    const [sent] = await t.platform.eventStore.readStream(`mail-send-${mail?.id}`)
    expect(progress.map((event) => event.type)).toEqual(['UserEnteredCampaign', 'CampaignStepReached'])
    for (const event of [...progress, sent])
      expect(event?.metadata.correlationId).toBe(registered?.metadata.correlationId)
    expect(progress.map((event) => event.metadata.causationId)).toEqual([registered?.id, registered?.id])
    expect(sent?.metadata.causationId).toBe(progress[1]?.id)
    await pause(campaign)
  })

  it('sends nothing more once the member unsubscribes in the email preferences', async () => {
    const campaign = await createCampaign('Preferences')
    const member = await register(t.app, 'prefers')
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    const answer = await agent(t.app).post('/api/update-email-preferences', {
      email: member.user.email,
      receiveCampaignEmails: false,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    await later(3)
    await later(3)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await pause(campaign)
  })

  it('sends nothing more after the one-click unsubscribe, which needs no session and no CSRF token', async () => {
    const campaign = await createCampaign('One click')
    const member = await register(t.app, 'oneclick')
    const [welcome] = await campaignMails(member.user.email)
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${unsubscribeLinkIn(welcome)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(answer.statusCode, answer.body).toBe(200)
    // The setting by the name the member's profile gives it.
    expect(answer.json()).toMatchObject({
      success: true,
      message: 'You will not get tips and news emails from Reelmates any more.',
    })
    const user = (await member.client.get('/api/user')).json<{ receiveCampaignEmails: boolean }>()
    expect(user.receiveCampaignEmails).toBe(false)
    await later(3)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await pause(campaign)
  })

  it('sends a browser that opens the List-Unsubscribe address to the unsubscribe page, unsubscribing nobody by the GET', async () => {
    const campaign = await createCampaign('Opened in a browser')
    const member = await register(t.app, 'browserget')
    const [welcome] = await campaignMails(member.user.email)
    const token = unsubscribeLinkIn(welcome)
    const header = welcome?.headers?.['List-Unsubscribe'] ?? ''
    const opened = new URL(header.slice(1, -1))
    const answer = await t.app.inject({ method: 'GET', url: `${opened.pathname}${opened.search}` })
    expect(answer.statusCode, answer.body).toBe(303)
    // The same page, with the same token, as the mail's own unsubscribe link.
    expect(answer.headers.location).toBe(`/unsubscribed?token=${token}`)
    const user = (await member.client.get('/api/user')).json<{ receiveCampaignEmails: boolean }>()
    expect(user.receiveCampaignEmails).toBe(true)
    await later(3)
    expect(await campaignMails(member.user.email)).toHaveLength(2)
    await pause(campaign)
  })

  it('answers a List-Unsubscribe address opened without its token with a 400, and sends a forged one to the page that refuses it', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/unsubscribe' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/token/)
    // The page posts it and shows the refusal (the POST's 400 above) in its own words.
    const forged = await t.app.inject({ method: 'GET', url: '/api/unsubscribe?token=forged' })
    expect(forged.statusCode).toBe(303)
    expect(forged.headers.location).toBe('/unsubscribed?token=forged')
  })

  it('does not mail a step reached before the member unsubscribed but not yet sent', async () => {
    const campaign = await createCampaign('Send time')
    const member = await register(t.app, 'sendtime')
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await agent(t.app).post('/api/update-email-preferences', { email: member.user.email, receiveCampaignEmails: false })
    clock.advance(3 * DAY)
    // As if the timed job decided step 2 an instant before the unsubscribe reached it.
    await advanceAsTheJobDecided(campaign, member.user.id)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await pause(campaign)
  })

  it('sends no further step from a campaign deleted while active, enters nobody into it, and keeps its mails in the outbox', async () => {
    const campaign = await createCampaign('Deleted while active')
    const member = await register(t.app, 'midcampaign')
    const [welcomeMail] = await campaignMails(member.user.email)
    expect(welcomeMail).toBeDefined()

    const deleted = await admin.client.delete(`/api/admin/email-campaigns/${campaign.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    await later(3)
    await later(10)
    expect((await campaignMails(member.user.email)).map((mail) => mail.id)).toEqual([welcomeMail?.id])
    const newcomer = await register(t.app, 'afterdeletion')
    expect(await campaignMails(newcomer.user.email)).toHaveLength(0)
    const progress = await t.platform.eventStore.readStream(campaignProgressStreamId(campaign.id, member.user.id))
    expect(progress.map((event) => event.type)).toEqual(['UserEnteredCampaign', 'CampaignStepReached'])
  })

  it('does not mail a step reached just before its campaign was deleted', async () => {
    const campaign = await createCampaign('Deleted mid-run')
    const member = await register(t.app, 'midrun')
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    expect((await admin.client.delete(`/api/admin/email-campaigns/${campaign.id}`)).statusCode).toBe(200)
    clock.advance(3 * DAY)
    // As if the timed job read the campaign, and decided step 2, an instant before the deletion.
    await advanceAsTheJobDecided(campaign, member.user.id)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
  })

  it('refuses a step sent from a template that is not a campaign template', async () => {
    const answer = await admin.client.post('/api/admin/email-campaigns', {
      name: 'Reset everyone',
      description: '',
      steps: [{ templateName: 'password-reset', delayDays: 0 }],
      triggers: [{ triggerType: 'registered', triggerCondition: {} }],
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toBe(
      'A campaign step is sent from a campaign template (campaign-welcome, campaign-find-friends, campaign-come-back, campaign-rate-more), not password-reset.',
    )
  })

  it('refuses an unsubscribe token that was not made by the server', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=eyJ1IjoieCIsImwiOiJjYW1wYWlnbnMifQ.forged',
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/not valid/)
  })

  it('sends nothing from a paused campaign, and picks up where it stopped once active again', async () => {
    const paused = await createCampaign('Paused from the start', { isActive: false })
    const ignored = await register(t.app, 'tooearly')
    expect(await campaignMails(ignored.user.email)).toHaveLength(0)

    expect((await admin.client.post(`/api/admin/email-campaigns/${paused.id}/activate`)).statusCode).toBe(200)
    await settle()
    const member = await register(t.app, 'midway')
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    await pause(paused)
    await later(3)
    await later(3)
    expect(await campaignMails(member.user.email)).toHaveLength(1)
    expect(await campaignMails(ignored.user.email)).toHaveLength(0)

    expect((await admin.client.post(`/api/admin/email-campaigns/${paused.id}/activate`)).statusCode).toBe(200)
    await later(0)
    expect(await campaignMails(member.user.email)).toHaveLength(2)
    expect(await campaignMails(ignored.user.email)).toHaveLength(0)
    await pause(paused)
  })

  it('enters members by time-driven triggers: no friends N days after sign-up, and watched N titles', async () => {
    const lonely = await register(t.app, 'lonely')
    const watcher = await register(t.app, 'watcher')
    const [title] = (await t.platform.catalog.trendingMovies()).results
    await watcher.client.post('/api/watched', {
      tmdbId: title!.id,
      mediaType: 'movie',
      watchedAt: clock.now().toISOString(),
    })
    const noFriends = await createCampaign('No friends yet', {
      steps: [{ templateName: 'campaign-find-friends', delayDays: 0 }],
      triggers: [{ triggerType: 'no-friends', triggerCondition: { days: 2 } }],
    })
    const watched = await createCampaign('Watched one', {
      steps: [{ templateName: 'campaign-rate-more', delayDays: 0 }],
      triggers: [{ triggerType: 'watched', triggerCondition: { count: 1 } }],
    })
    await later(1)
    expect((await campaignMails(watcher.user.email)).map((mail) => mail.subject)).toEqual([
      'Your watch log is growing, watcher',
    ])
    expect(await campaignMails(lonely.user.email)).toHaveLength(0)
    await later(1)
    expect((await campaignMails(lonely.user.email)).map((mail) => mail.subject)).toEqual([
      'Reelmates is better with friends',
    ])
    // Each button goes where its words promise.
    const { publicUrl } = t.platform.config
    const textOf = async (to: string, subject: string) =>
      (await campaignMails(to)).find((mail) => mail.subject === subject)?.text
    expect(await textOf(lonely.user.email, 'Reelmates is better with friends')).toContain(
      `Find friends: ${publicUrl}/friends\n`,
    )
    expect(await textOf(watcher.user.email, 'Your watch log is growing, watcher')).toContain(
      `Open my watched titles: ${publicUrl}/watched\n`,
    )
    await later(1)
    expect(await campaignMails(lonely.user.email)).toHaveLength(1)
    await pause(noFriends)
    await pause(watched)
  })

  it('lists every mail in the send history and counts mails sent in the analytics', async () => {
    const history = await admin.client.get('/api/admin/email-send-history?limit=200&status=outbox')
    expect(history.statusCode, history.body).toBe(200)
    const items = history.json<{ items: { category: string; subject: string }[] }>().items
    expect(items.filter((item) => item.category === 'campaign-step').length).toBeGreaterThanOrEqual(8)
    expect((await admin.client.get('/api/admin/email-send-history?status=failed')).json()).toEqual({
      items: [],
      next: null,
    })

    await settle()
    const analytics = (await admin.client.get('/api/admin/analytics?days=90')).json<AnalyticsAnswer>()
    expect(analytics.notRecordedYet).toEqual([])
    const sent = analytics.days.reduce((sum, day) => sum + day.mailsSent, 0)
    expect(sent).toBe(items.length)
  })

  // Last: it deletes an account, whose mails leave the outbox but stay counted in the analytics.
  it('reports who entered, who waits for which step and when, who completed, unsubscribed, was suspended or left, and each step’s mails', async () => {
    const campaign = await createCampaign('Reported')
    const report = async () => {
      await settle()
      const answer = await admin.client.get(`/api/admin/email-campaigns/${campaign.id}/report`)
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json<CampaignReport>()
    }
    expect((await report()).members).toEqual({
      entered: 0,
      inProgress: 0,
      completed: 0,
      unsubscribed: 0,
      suspended: 0,
      deletedBeforeCompleting: 0,
    })

    const enteredAt = clock.now().getTime()
    await register(t.app, 'stays')
    const leaves = await register(t.app, 'leaves')
    const gone = await register(t.app, 'gone')
    const benched = await register(t.app, 'benched')
    // Each got step 1 at sign-up; then one unsubscribes, one is suspended and one deletes the account.
    expect(await campaignMails(gone.user.email)).toHaveLength(1)
    await agent(t.app).post('/api/update-email-preferences', { email: leaves.user.email, receiveCampaignEmails: false })
    await suspend(t.platform, benched.user.id)
    expect((await admin.client.delete(`/api/admin/users/${gone.user.id}`)).statusCode).toBe(200)
    const waiting = await report()
    expect(waiting).toMatchObject({ campaignId: campaign.id, name: 'Reported', isActive: true })
    expect(waiting.members).toEqual({
      entered: 4,
      inProgress: 3,
      completed: 0,
      unsubscribed: 1,
      suspended: 1,
      deletedBeforeCompleting: 1,
    })
    expect(waiting.steps).toEqual([
      expect.objectContaining({ stepOrder: 1, templateName: 'campaign-welcome', reached: 4, sent: 4, failed: 0 }),
      expect.objectContaining({
        stepOrder: 2,
        templateName: 'campaign-find-friends',
        delayDays: 3,
        reached: 0,
        sent: 0,
        waiting: 1,
        unsubscribed: 1,
        suspended: 1,
        nextDueAt: new Date(enteredAt + 3 * DAY).toISOString(),
      }),
    ])

    await later(3)
    const done = await report()
    expect(done.members).toEqual({
      entered: 4,
      inProgress: 2,
      completed: 1,
      unsubscribed: 1,
      suspended: 1,
      deletedBeforeCompleting: 1,
    })
    expect(done.steps[1]).toMatchObject({
      reached: 1,
      sent: 1,
      failed: 0,
      waiting: 0,
      unsubscribed: 1,
      suspended: 1,
      nextDueAt: null,
    })
    expect(done.steps[1]?.lastSentAt).toBe(clock.now().toISOString())
    await pause(campaign)
  })
})
