import {
  campaignDefinition,
  campaignStep,
  campaignTrigger,
  type CampaignDefinition,
  type CampaignTrigger,
} from '@reelmates/contracts/campaigns'

/**
 * The campaign form as typed. Numbers stay the text of their fields until saved, so a cleared field
 * is told apart from 0 (`Number('')` is 0) and refused beside it rather than saved as "at once".
 */
export type TriggerType = CampaignTrigger['triggerType']
export interface StepRow {
  templateName: string
  delayDays: string
}
export interface TriggerRow {
  triggerType: TriggerType
  amount: string
}
export interface CampaignDraft {
  name: string
  description: string
  steps: StepRow[]
  triggers: TriggerRow[]
}

export const triggerLabels: Record<TriggerType, string> = {
  registered: 'Signed up',
  inactive: 'Inactive for N days',
  'no-friends': 'No friends N days after sign-up',
  watched: 'Watched N titles',
}

interface Range {
  min: number
  max: number
}
const rangeOf = (schema: { minValue: number | null; maxValue: number | null }): Range => ({
  min: schema.minValue ?? 0,
  max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
})

/** The limits the server keeps, read from the contract. */
export const delayDaysRange = rangeOf(campaignStep.shape.delayDays)
const amountRange = (type: Exclude<TriggerType, 'registered'>): Range => {
  const option = campaignTrigger.options.find((candidate) => candidate.shape.triggerType.value === type)
  if (!option || !('shape' in option.shape.triggerCondition)) throw new Error(`No condition for ${type}`)
  const condition = option.shape.triggerCondition.shape
  return rangeOf('days' in condition ? condition.days : condition.count)
}
const triggerAmounts: Record<Exclude<TriggerType, 'registered'>, Range & { noun: string }> = {
  inactive: { ...amountRange('inactive'), noun: 'days' },
  'no-friends': { ...amountRange('no-friends'), noun: 'days' },
  watched: { ...amountRange('watched'), noun: 'titles' },
}
export const triggerAmountRange = (type: Exclude<TriggerType, 'registered'>): Range => triggerAmounts[type]
/** What a trigger's number counts: days or titles. */
export const triggerAmountNoun = (type: Exclude<TriggerType, 'registered'>): string => triggerAmounts[type].noun

const wholeNumberProblem = (text: string, { min, max }: Range, missing: string, noun: string) => {
  if (text.trim() === '') return missing
  const value = Number(text)
  if (!Number.isInteger(value)) return `The ${noun} must be a whole number`
  if (value < min || value > max) return `The ${noun} must be from ${min} to ${max}`
  return undefined
}

/** What is wrong with a step's days, in words for beside the field; undefined when nothing is. */
export const stepProblem = (step: StepRow, index: number): string | undefined =>
  wholeNumberProblem(
    step.delayDays,
    delayDaysRange,
    `Enter the days after ${index === 0 ? 'entry' : 'the step before'} (0 sends it at once)`,
    'days',
  )

export const triggerProblem = ({ triggerType, amount }: TriggerRow): string | undefined => {
  if (triggerType === 'registered') return undefined
  const range = triggerAmounts[triggerType]
  return wholeNumberProblem(
    amount,
    range,
    `Enter the number of ${range.noun}, from ${range.min} to ${range.max}`,
    `number of ${range.noun}`,
  )
}

/** What is wrong with the name (the contract's own rule and words); undefined when nothing is. */
export const nameProblem = (name: string): string | undefined =>
  campaignDefinition.shape.name.safeParse(name).error?.issues[0]?.message

export const hasProblems = (draft: CampaignDraft): boolean =>
  nameProblem(draft.name) !== undefined ||
  draft.steps.some((step, index) => stepProblem(step, index) !== undefined) ||
  draft.triggers.some((trigger) => triggerProblem(trigger) !== undefined)

const toTrigger = ({ triggerType, amount }: TriggerRow): CampaignTrigger => {
  switch (triggerType) {
    case 'registered':
      return { triggerType, triggerCondition: {} }
    case 'watched':
      return { triggerType, triggerCondition: { count: Number(amount) } }
    default:
      return { triggerType, triggerCondition: { days: Number(amount) } }
  }
}

export const toTriggerRow = (trigger: CampaignTrigger): TriggerRow => ({
  triggerType: trigger.triggerType,
  amount: String(
    'count' in trigger.triggerCondition
      ? trigger.triggerCondition.count
      : 'days' in trigger.triggerCondition
        ? trigger.triggerCondition.days
        : 1,
  ),
})

/** The campaign to send, once `hasProblems` says there are none. */
export const toDefinition = ({ name, description, steps, triggers }: CampaignDraft): CampaignDefinition => ({
  name,
  description,
  steps: steps.map(({ templateName, delayDays }) => ({ templateName, delayDays: Number(delayDays) })),
  triggers: triggers.map(toTrigger),
})
