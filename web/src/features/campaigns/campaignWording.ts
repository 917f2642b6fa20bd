import type { CampaignItem, CampaignTrigger } from '@reelmates/contracts/campaigns'

/** "1 title", "3 titles". */
export const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`

/** What a member does to enter, said of "a member" in the present: "signs up", "has watched 3 titles". */
export const triggerText = (trigger: CampaignTrigger): string => {
  switch (trigger.triggerType) {
    case 'registered':
      return 'signs up'
    case 'inactive':
      return `has been inactive for ${counted(trigger.triggerCondition.days, 'day')}`
    case 'no-friends':
      return `has no friends ${counted(trigger.triggerCondition.days, 'day')} after sign-up`
    case 'watched':
      return `has watched ${counted(trigger.triggerCondition.count, 'title')}`
  }
}

/** "Starts when a member signs up, or has watched 1 title." */
export const startsWhen = (triggers: CampaignTrigger[]): string =>
  `Starts when a member ${triggers.map(triggerText).join(', or ')}.`

/** When a step's mail goes: "at once", "1 day after entry", "3 days after the step before". */
export const stepTiming = ({ delayDays, stepOrder }: Pick<CampaignItem['steps'][number], 'delayDays' | 'stepOrder'>) =>
  delayDays === 0 ? 'at once' : `${counted(delayDays, 'day')} after ${stepOrder === 1 ? 'entry' : 'the step before'}`

/**
 * How far a campaign reached: everyone who ever entered it, and who went through every step. These
 * count entries, not today's members (a deleted account's progress goes, its entry stays counted), so
 * the words say so rather than pass for a count of current members.
 */
export const reached = ({ entered, completed }: Pick<CampaignItem, 'entered' | 'completed'>): string =>
  `${counted(entered, 'member')} entered · ${completed} completed · accounts deleted since still count`
