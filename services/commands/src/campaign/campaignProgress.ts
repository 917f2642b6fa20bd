import {
  CampaignStepReached,
  UserCompletedCampaign,
  UserEnteredCampaign,
  stepDueAt,
  type CampaignProgressEvent,
  type CampaignStep,
} from '@reelmates/contracts/campaigns'
import type { Decider } from '../decider'

export const campaignProgressStreamId = (campaignId: string, userId: string) =>
  `campaign-progress-${campaignId}-${userId}`

export type CampaignProgressCommand =
  | { type: 'EnterCampaign'; campaignId: string; userId: string; triggerType: string; at: string }
  /**
   * Sends what is due at `at`: the next step once its delay (counted from the step before it, or from
   * the entry) has passed, then the completion once no step is left. The caller only asks while the
   * campaign is active and the member takes campaign mail.
   */
  | { type: 'AdvanceCampaign'; campaignId: string; userId: string; steps: readonly CampaignStep[]; at: string }

export interface CampaignProgressState {
  enteredAt: string | null
  /** Steps reached so far (the next one is `currentStep + 1`). */
  currentStep: number
  lastStepAt: string | null
  completed: boolean
}

/** When step `stepOrder` (1-based) falls due for this member, or null when there is no such step. */
export function nextStepDueAt(state: CampaignProgressState, steps: readonly CampaignStep[]): Date | null {
  const next = steps[state.currentStep]
  const from = state.lastStepAt ?? state.enteredAt
  if (!next || from === null) return null
  return stepDueAt(from, next.delayDays)
}

/**
 * One member's way through one campaign: entered once ever, each step once, then completed. Its
 * stream is appended with the revision it was read at, so two schedulers deciding at once cannot
 * both reach a step: the second one's append is refused, and deciding again finds nothing due.
 */
export const campaignProgress: Decider<CampaignProgressCommand, CampaignProgressEvent, CampaignProgressState> = {
  initialState: () => ({ enteredAt: null, currentStep: 0, lastStepAt: null, completed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserEnteredCampaign':
        return { ...state, enteredAt: event.data.enteredAt }
      case 'CampaignStepReached':
        return { ...state, currentStep: event.data.stepOrder, lastStepAt: event.data.reachedAt }
      case 'UserCompletedCampaign':
        return { ...state, completed: true }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'EnterCampaign': {
        if (state.enteredAt !== null) return []
        const { campaignId, userId, triggerType, at } = command
        return [UserEnteredCampaign({ campaignId, userId, triggerType, enteredAt: at })]
      }
      case 'AdvanceCampaign': {
        if (state.enteredAt === null || state.completed) return []
        const { campaignId, userId, steps, at } = command
        if (state.currentStep >= steps.length) return [UserCompletedCampaign({ campaignId, userId, completedAt: at })]
        const dueAt = nextStepDueAt(state, steps)
        const step = steps[state.currentStep]
        if (!step || dueAt === null || dueAt.getTime() > Date.parse(at)) return []
        const stepOrder = state.currentStep + 1
        const reached = CampaignStepReached({
          campaignId,
          userId,
          stepOrder,
          templateName: step.templateName,
          reachedAt: at,
        })
        // The last step completes the campaign in the same append: nothing is left to wait for.
        return stepOrder === steps.length
          ? [reached, UserCompletedCampaign({ campaignId, userId, completedAt: at })]
          : [reached]
      }
    }
  },
}
