import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@reelmates/infra/mail/port'
import { asAdminSeesIt } from './outboxSecrets'

const mail = (status: OutboxEntry['status']): OutboxEntry => ({
  id: 'm1',
  createdAt: '2026-11-30T10:00:00.000Z',
  status,
  category: 'password-reset',
  to: 'ada@example.com',
  subject: 'Reset your password',
  text:
    'Reset: https://reelmates.test/reset-password/u1.s3cret\n' +
    'Sign in: https://reelmates.test/magic-link?token=u1.m4gic&redirect=%2Fhome\n' +
    'Join: https://reelmates.test/sign_up?invite=true&from=grace&token=i-abc.inv1te',
  html: '<a href="https://reelmates.test/accept-friend?token=i-abc.fr13nd">Accept</a> <a href="https://reelmates.test/x?a=1&amp;token=h7ml">x</a>',
  headers: { 'List-Unsubscribe': '<https://reelmates.test/api/unsubscribe?token=unsub.s1gned>' },
})

describe('the outbox as an admin reads it', () => {
  it("hides every link's secret in mail that went to a mailbox, and nothing else", () => {
    for (const status of ['sent', 'failed'] as const) {
      const seen = asAdminSeesIt(mail(status))
      const all = [seen.text, seen.html, JSON.stringify(seen.headers)].join('\n')
      for (const secret of ['s3cret', 'm4gic', 'inv1te', 'fr13nd', 'h7ml', 's1gned']) expect(all).not.toContain(secret)
      expect(seen.text).toContain('https://reelmates.test/reset-password/[hidden]\n')
      expect(seen.text).toContain('/magic-link?token=[hidden]&redirect=%2Fhome')
      expect(seen.text).toContain('/sign_up?invite=true&from=grace&token=[hidden]')
      expect(seen.html).toContain('accept-friend?token=[hidden]">Accept</a>')
      expect(seen.headers).toEqual({ 'List-Unsubscribe': '<https://reelmates.test/api/unsubscribe?token=[hidden]>' })
      expect({ ...seen, text: '', html: '', headers: {} }).toEqual({ ...mail(status), text: '', html: '', headers: {} })
    }
  })

  it('shows mail kept in the outbox whole: with no SMTP server, its links are read there', () =>
    expect(asAdminSeesIt(mail('outbox'))).toEqual(mail('outbox')))
})
