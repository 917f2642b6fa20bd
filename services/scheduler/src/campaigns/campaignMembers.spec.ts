import '@reelmates/contracts/allEvents'
import { describe, expect, it } from 'vitest'
import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { campaignMembers } from './campaignMembers'
import { readUnsubscribeToken, unsubscribeFor, unsubscribeToken } from './unsubscribe'

const userId = '6f1c2a4e-0000-4000-8000-000000000002'
const campaign: CampaignItem = {
  id: 'c-1',
  name: 'Welcome',
  description: '',
  isActive: true,
  steps: [
    { templateName: 'campaign-welcome', delayDays: 0, stepOrder: 1 },
    { templateName: 'campaign-find-friends', delayDays: 3, stepOrder: 2 },
  ],
  triggers: [{ triggerType: 'registered', triggerCondition: {} }],
  createdAt: '',
  updatedAt: '',
  entered: 0,
  completed: 0,
}

const registered = testEvent('UserRegistered', {
  userId,
  username: 'ada',
  email: 'ada@example.com',
  passwordHash: 'x',
  location: null,
  bio: null,
  invitationToken: null,
  registeredAt: '2026-11-24T08:00:00.000Z',
})

describe('moving members through a campaign', () => {
  it('reaches each step once though two schedulers decide at the same moment', async () => {
    const log = createSqliteEventStore({ path: ':memory:' })
    await log.append(`account-${userId}`, [registered])
    const at = new Date('2026-11-24T08:00:00.000Z')
    // Two processes, each with its own state cache, as two scheduler processes have.
    await Promise.all([
      campaignMembers(log).enter(campaign, userId, 'registered', at),
      campaignMembers(log).enter(campaign, userId, 'registered', at),
    ])
    const later = new Date(at.getTime() + 3 * 24 * 60 * 60 * 1000)
    await Promise.all([
      campaignMembers(log).advance(campaign, userId, later),
      campaignMembers(log).advance(campaign, userId, later),
      campaignMembers(log).advance(campaign, userId, later),
    ])
    const progress = await log.readStream(`campaign-progress-c-1-${userId}`)
    expect(progress.map((event) => [event.type, event.data.stepOrder])).toEqual([
      ['UserEnteredCampaign', undefined],
      ['CampaignStepReached', 1],
      ['CampaignStepReached', 2],
      ['UserCompletedCampaign', undefined],
    ])
    await log.close()
  })

  it("holds a suspended member where they are, as an unsubscribed one's, and moves them on once restored", async () => {
    const log = createSqliteEventStore({ path: ':memory:' })
    const account = `account-${userId}`
    await log.append(account, [registered])
    const at = new Date('2026-11-24T08:00:00.000Z')
    await campaignMembers(log).enter(campaign, userId, 'registered', at)
    await log.append(account, [testEvent('UserSuspended', { userId, suspendedAt: '2026-11-25T08:00:00.000Z' })])
    const later = new Date(at.getTime() + 3 * 24 * 60 * 60 * 1000)
    await campaignMembers(log).advance(campaign, userId, later)
    const steps = async () =>
      (await log.readStream(`campaign-progress-c-1-${userId}`))
        .filter((event) => event.type === 'CampaignStepReached')
        .map((event) => event.data.stepOrder)
    expect(await steps()).toEqual([1])

    await log.append(account, [testEvent('UserRestored', { userId, restoredAt: '2026-11-28T08:00:00.000Z' })])
    await campaignMembers(log).advance(campaign, userId, later)
    expect(await steps()).toEqual([1, 2])
    await log.close()
  })
})

describe('unsubscribe links', () => {
  const secret = 'a signing secret'

  it('name one member and one list, and only with the secret they were signed with', () => {
    const token = unsubscribeToken(userId, 'campaigns', secret)
    expect(readUnsubscribeToken(token, secret)).toEqual({ userId, list: 'campaigns' })
    expect(readUnsubscribeToken(token, 'another secret')).toBeNull()
    const [payload] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ u: 'someone-else', l: 'campaigns' })).toString('base64url')
    expect(readUnsubscribeToken(token.replace(payload!, forged), secret)).toBeNull()
    expect(readUnsubscribeToken('not a token', secret)).toBeNull()
  })

  it('come with the RFC 8058 one-click headers beside the page link', () => {
    const { link, headers } = unsubscribeFor(userId, 'digests', { publicUrl: 'https://reelmates.test', secret })
    const token = new URL(link).searchParams.get('token')!
    expect(link.startsWith('https://reelmates.test/unsubscribed?token=')).toBe(true)
    expect(link).not.toContain(userId)
    expect(readUnsubscribeToken(token, secret)).toEqual({ userId, list: 'digests' })
    expect(headers).toEqual({
      'List-Unsubscribe': `<https://reelmates.test/api/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})
