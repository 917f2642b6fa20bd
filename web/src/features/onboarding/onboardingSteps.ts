/** How far a new member has got, counted from their own lists; undefined until every list has answered. */
export interface OnboardingProgress {
  watchlist: number
  watched: number
  friends: number
  /** Friend requests I sent and invitations I mailed that nobody has answered yet. */
  friendsAsked: number
  /** Friend requests waiting for my answer. */
  friendsAsking: number
}

export type OnboardingStepId = 'watchlist' | 'watched' | 'friends'

export interface OnboardingStep {
  id: OnboardingStepId
  done: boolean
}

/**
 * The three steps of the home screen's "Get started", in the order a newcomer takes them. A step is
 * done while the list it fills holds something: the check is what the member's data says now (the
 * card keeps a step done once it was, `useStepsOnceDone`).
 */
export function onboardingSteps(progress: OnboardingProgress): OnboardingStep[] {
  return [
    { id: 'watchlist', done: progress.watchlist > 0 },
    { id: 'watched', done: progress.watched > 0 },
    { id: 'friends', done: progress.friends > 0 },
  ]
}

export const allStepsDone = (steps: readonly OnboardingStep[]) => steps.every((step) => step.done)
