import { describe, it } from 'vitest'
import { NotificationsSeen } from '@reelmates/contracts/notifications'
import { specFor } from '../testing/givenWhenThen'
import { notificationsSeen } from './notificationsSeen'

const given = specFor(notificationsSeen)
const userId = 'u1'
const now = '2026-11-24T12:00:00.000Z'
const earlier = '2026-11-24T09:00:00.000Z'
const later = '2026-11-24T11:00:00.000Z'

const seen = (seenUpTo: string) => NotificationsSeen({ userId, seenUpTo })
const open = (upTo: string) => ({ type: 'MarkNotificationsSeen', userId, upTo, at: now }) as const

describe('notifications seen (the bell’s badge)', () => {
  it('records how far the bell was seen the first time it is opened', () =>
    given([])
      .when(open(earlier))
      .then([seen(earlier)]))

  it('moves the mark on when newer notifications are shown', () =>
    given([seen(earlier)])
      .when(open(later))
      .then([seen(later)]))

  it('takes the same mark again as no change (two tabs, a retried request)', () =>
    given([seen(later)])
      .when(open(later))
      .thenNothingHappens())

  it('never moves the mark back (an older list answered late)', () =>
    given([seen(later)])
      .when(open(earlier))
      .thenNothingHappens())

  it('takes a mark ahead of now as now, so what arrives next still counts', () =>
    given([])
      .when(open('2027-01-01T00:00:00.000Z'))
      .then([seen(now)]))
})
