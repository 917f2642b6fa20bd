import '@reelmates/contracts/allEvents'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountMembers } from '@reelmates/commands/friendship/members'
import { recommendationsStreamId } from '@reelmates/commands/recommendation/recommendation'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { createMailer } from '@reelmates/infra/mail/mailer'
import type { Mailer } from '@reelmates/infra/mail/port'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import type { Reaction } from '../reactor'
import { allMails } from './allMails'
import { builtInTemplate } from './builtInTemplates'
import { mailReaction } from './mailReaction'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'

const userId = '6f1c2a4e-0000-4000-8000-000000000001'
const publicUrl = 'http://localhost:5173'

describe('mails as reactions', () => {
  let stored: EventStore
  let vault: PersonalDataVault
  let log: EventStore
  let mailer: Mailer
  let mails: Reaction

  beforeEach(async () => {
    stored = createSqliteEventStore({ path: ':memory:' })
    vault = createSqliteVault({ path: ':memory:', secret: 'a test secret that is long enough to be accepted!' })
    log = protectPersonalData(stored, vault)
    mailer = createMailer({ from: 'test', outboxPath: ':memory:' })
    const templateNamed = (name: string) => Promise.resolve(builtInTemplate(name)!)
    mails = mailReaction(allMails, {
      eventStore: log,
      mailer,
      publicUrl,
      unsubscribeSecret: 'test secret',
      members: accountMembers(log, vault),
      readStore: await createEmbeddedReadStore({}),
      templateNamed,
    })
    await log.append(`account-${userId}`, [
      testEvent('UserRegistered', {
        userId,
        username: 'ada',
        email: 'ada@example.com',
        passwordHash: 'x',
        location: null,
        bio: null,
        invitationToken: null,
        registeredAt: '2026-11-24T08:00:00.000Z',
      }),
    ])
  })
  afterEach(async () => {
    await mailer.close()
    await vault.close()
    await stored.close()
  })

  async function recorded(
    type: string,
    data: Record<string, unknown>,
    streamId = `account-${userId}`,
  ): Promise<RecordedEvent> {
    await log.append(streamId, [testEvent(type, data)])
    const events = await stored.readStream(streamId)
    return events[events.length - 1]!
  }

  it('mails the reset link from the token sealed in the event, in text and HTML, once however often it reacts', async () => {
    const event = await recorded('PasswordResetRequested', {
      userId,
      tokenHash: 'h',
      expiresAt: '2026-11-24T09:00:00.000Z',
      token: `${userId}.s3cret`,
    })
    // The log as stored holds no usable link.
    expect(JSON.stringify(event.data)).not.toContain('s3cret')
    await mails.react(event)
    await mails.react(event)
    const sent = await mailer.list({ to: 'ada@example.com' })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ category: 'password-reset', subject: 'Reset your Reelmates password', userId })
    expect(sent[0]?.text).toContain(`${publicUrl}/reset-password/${encodeURIComponent(`${userId}.s3cret`)}`)
    expect(sent[0]?.html).toContain(`href="${publicUrl}/reset-password/`)
    expect(sent[0]?.html).toContain('Hi ada,')
  })

  it('sends nothing for an event from before links were sealed in events', async () => {
    await mails.react(
      await recorded('PasswordResetRequested', { userId, tokenHash: 'h', expiresAt: '2026-11-24T09:00:00.000Z' }),
    )
    expect(await mailer.list({})).toEqual([])
  })

  it('mails no reset link, sign-in link or username to an account suspended after it asked', async () => {
    const link = { userId, tokenHash: 'h', expiresAt: '2026-11-24T09:00:00.000Z', token: `${userId}.s3cret` }
    const asked = [
      await recorded('PasswordResetRequested', link),
      await recorded('SignInLinkIssued', { ...link, redirect: null, action: null, actionData: null }),
      await recorded('UsernameReminderRequested', { userId, requestedAt: '2026-11-24T08:00:00.000Z' }),
    ]
    await recorded('UserSuspended', { userId, suspendedAt: '2026-11-24T08:01:00.000Z' })
    for (const event of asked) await mails.react(event)
    expect(await mailer.list({})).toEqual([])
  })

  it('mails a suspended member no friend request and no recommendation: they cannot sign in to answer', async () => {
    const boId = '6f1c2a4e-0000-4000-8000-000000000002'
    await log.append(`account-${boId}`, [
      testEvent('UserRegistered', {
        userId: boId,
        username: 'bo',
        email: 'bo@example.com',
        passwordHash: 'x',
        location: null,
        bio: null,
        invitationToken: null,
        registeredAt: '2026-11-24T08:00:00.000Z',
      }),
    ])
    const invitation = (n: number) => {
      const invitationId = `6f1c2a4e-0000-4000-8000-0000000000a${n}`
      return recorded(
        'FriendInvitationSent',
        {
          invitationId,
          inviterUserId: boId,
          inviteeEmail: 'ada@example.com',
          inviteeUserId: userId,
          tokenHash: `h${n}`,
          expiresAt: '2026-12-01T08:00:00.000Z',
          sentAt: '2026-11-24T08:00:00.000Z',
          inviteCount: 1,
          token: `i-${invitationId}.s3cret`,
        },
        `invitation-${invitationId}`,
      )
    }
    const recommendation = (n: number) =>
      recorded(
        'RecommendationSent',
        {
          recommendationId: `6f1c2a4e-0000-4000-8000-0000000000b${n}`,
          fromUserId: boId,
          toUserId: userId,
          tmdbId: 603,
          mediaType: 'movie',
          mediaTitle: 'The Matrix',
          mediaPosterPath: null,
          toEmail: 'ada@example.com',
          note: null,
          tokenHash: null,
          expiresAt: null,
          sentAt: '2026-11-24T08:00:00.000Z',
        },
        recommendationsStreamId(boId),
      )
    const categories = async () => (await mailer.list({ to: 'ada@example.com' })).map((mail) => mail.category).sort()
    // Before the suspension both are mailed, so what follows is the suspension's doing.
    await mails.react(await invitation(1))
    await mails.react(await recommendation(1))
    expect(await categories()).toEqual(['friend-request', 'recommendation'])

    await recorded('UserSuspended', { userId, suspendedAt: '2026-11-24T08:01:00.000Z' })
    await mails.react(await invitation(2))
    await mails.react(await recommendation(2))
    expect(await categories()).toEqual(['friend-request', 'recommendation'])
  })

  it('sends nothing once the account is erased', async () => {
    const event = await recorded('SignInLinkIssued', {
      userId,
      tokenHash: 'h',
      expiresAt: '2026-11-24T09:00:00.000Z',
      redirect: null,
      action: null,
      actionData: null,
      token: `${userId}.s3cret`,
    })
    await vault.erase(userId)
    await mails.react(event)
    expect(await mailer.list({})).toEqual([])
  })

  it('tells the old address of a changed email', async () => {
    await mails.react(
      await recorded('EmailChanged', { userId, email: 'new@example.com', previousEmail: 'ada@example.com' }),
    )
    const [notice] = await mailer.list({ to: 'ada@example.com' })
    expect(notice?.subject).toBe('Your Reelmates email address was changed')
    expect(notice?.text).toContain('new@example.com')
  })

  describe('recommendations', () => {
    const sentTo = async (to: { toUserId: string | null; toEmail: string | null; token?: string }) => {
      await log.append(`recommendations-${userId}`, [
        testEvent('RecommendationSent', {
          recommendationId: '6f1c2a4e-0000-4000-8000-0000000000aa',
          fromUserId: userId,
          tmdbId: 238,
          mediaType: 'movie',
          mediaTitle: 'The Godfather',
          mediaPosterPath: null,
          note: 'Watch it on a big screen',
          tokenHash: to.token ? 'h' : null,
          expiresAt: to.token ? '2026-12-24T08:00:00.000Z' : null,
          sentAt: '2026-11-24T08:00:00.000Z',
          ...to,
        }),
      ])
      const events = await stored.readStream(`recommendations-${userId}`)
      return events[events.length - 1]!
    }
    const emailed = async () =>
      (await stored.readStream(`recommendations-${userId}`)).filter((event) => event.type === 'RecommendationEmailed')

    it('mails a newcomer the sign-up link sealed in the event, once, and records the mail once', async () => {
      const event = await sentTo({ toUserId: null, toEmail: 'new@example.org', token: 'n3wcomer' })
      expect(JSON.stringify(event.data)).not.toContain('n3wcomer')
      await mails.react(event)
      await mails.react(event)
      const sent = await mailer.list({ to: 'new@example.org' })
      expect(sent).toHaveLength(1)
      expect(sent[0]).toMatchObject({
        category: 'recommendation-invitation',
        subject: 'ada recommends The Godfather to you',
      })
      expect(sent[0]?.text).toContain('"Watch it on a big screen"')
      expect(sent[0]?.text).toContain(
        `${publicUrl}/sign_up?returnTo=%2Frecommendations&email=new%40example.org&token=n3wcomer`,
      )
      expect(await emailed()).toHaveLength(1)
      expect((await emailed())[0]?.metadata.causationId).toBe(event.id)
    })

    it('mails nobody for a recommendation by username: the friend finds it in the app', async () => {
      await mails.react(await sentTo({ toUserId: userId, toEmail: null }))
      expect(await mailer.list({})).toEqual([])
      expect(await emailed()).toEqual([])
    })
  })
})
