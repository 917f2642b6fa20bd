import { describe, it } from 'vitest'
import { DigestSent, DigestTestRequested } from '@reelmates/contracts/digests'
import { specFor } from '../testing/givenWhenThen'
import { digest, DigestAlreadySent, type DigestCommand } from './digest'

const given = specFor(digest)
const at = '2026-11-23T08:00:00.000Z'
const record = (period: string): DigestCommand => ({
  type: 'RecordDigestSent',
  userId: 'u1',
  digestType: 'weekly',
  period,
  from: '2026-11-16T08:00:00.000Z',
  until: at,
  at,
  streaming: [],
})
const sent = (period: string) =>
  DigestSent({
    userId: 'u1',
    digestType: 'weekly',
    period,
    from: '2026-11-16T08:00:00.000Z',
    until: at,
    sentAt: at,
    streaming: [],
  })

describe('digest', () => {
  it('records the digest of a period', () =>
    given([])
      .when(record('weekly:2026-11-23'))
      .then([sent('weekly:2026-11-23')]))

  it('refuses the same period twice', () =>
    given([sent('weekly:2026-11-23')])
      .when(record('weekly:2026-11-23'))
      .thenThrows(DigestAlreadySent, /weekly:2026-11-23/))

  it('records the next period', () =>
    given([sent('weekly:2026-11-16')])
      .when(record('weekly:2026-11-23'))
      .then([sent('weekly:2026-11-23')]))

  it('takes a test request whatever was sent, without counting it as sent', () =>
    given([
      sent('weekly:2026-11-23'),
      DigestTestRequested({
        userId: 'u1',
        requestedBy: 'a1',
        digestType: 'weekly',
        from: at,
        until: at,
        requestedAt: at,
        streaming: [],
      }),
    ])
      .when(record('weekly:2026-11-30'))
      .then([sent('weekly:2026-11-30')]))
})
