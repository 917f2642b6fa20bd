import { describe, expect, it } from 'vitest'
import { reached, startsWhen, stepTiming } from './campaignWording'

describe('a campaign card', () => {
  it('says what starts a campaign in one tense, one title or several', () => {
    expect(
      startsWhen([
        { triggerType: 'registered', triggerCondition: {} },
        { triggerType: 'watched', triggerCondition: { count: 1 } },
      ]),
    ).toBe('Starts when a member signs up, or has watched 1 title.')
    expect(startsWhen([{ triggerType: 'watched', triggerCondition: { count: 5 } }])).toBe(
      'Starts when a member has watched 5 titles.',
    )
  })

  it('counts days in the singular for one', () => {
    expect(
      startsWhen([
        { triggerType: 'inactive', triggerCondition: { days: 1 } },
        { triggerType: 'no-friends', triggerCondition: { days: 7 } },
      ]),
    ).toBe('Starts when a member has been inactive for 1 day, or has no friends 7 days after sign-up.')
  })

  it('says when each step goes', () => {
    expect(stepTiming({ stepOrder: 1, delayDays: 0 })).toBe('at once')
    expect(stepTiming({ stepOrder: 1, delayDays: 1 })).toBe('1 day after entry')
    expect(stepTiming({ stepOrder: 2, delayDays: 3 })).toBe('3 days after the step before')
  })

  it('counts who ever entered and completed, and says that accounts deleted since are in the count', () => {
    expect(reached({ entered: 108, completed: 40 })).toBe(
      '108 members entered · 40 completed · accounts deleted since still count',
    )
    expect(reached({ entered: 1, completed: 0 })).toBe(
      '1 member entered · 0 completed · accounts deleted since still count',
    )
  })
})
