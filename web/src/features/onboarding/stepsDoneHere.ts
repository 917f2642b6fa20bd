import { useEffect, useState } from 'react'
import type { OnboardingStep, OnboardingStepId } from './onboardingSteps'

export const stepsDoneStoragePrefix = 'reelmates.getStarted.'

function read(key: string): ReadonlySet<OnboardingStepId> {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]')
    return new Set(Array.isArray(kept) ? (kept.filter((id) => typeof id === 'string') as OnboardingStepId[]) : [])
  } catch {
    return new Set()
  }
}

/**
 * The steps as the card shows them: a step done once stays done on this device. Taken in order, the
 * steps undo each other: logging the title just added to the watchlist takes it off the watchlist
 * (the log's "Also remove from watchlist" is on by default), which emptied it and un-ticked step 1.
 */
export function useStepsOnceDone(
  userId: string | undefined,
  steps: readonly OnboardingStep[] | undefined,
): OnboardingStep[] | undefined {
  const key = `${stepsDoneStoragePrefix}${userId ?? ''}`
  const [before, setBefore] = useState(() => read(key))
  const doneNow = steps?.filter((step) => step.done && !before.has(step.id)).map((step) => step.id) ?? []
  const newlyDone = doneNow.join(' ')
  useEffect(() => {
    if (!userId || newlyDone === '') return
    const all = new Set([...read(key), ...(newlyDone.split(' ') as OnboardingStepId[])])
    try {
      window.localStorage.setItem(key, JSON.stringify([...all]))
    } catch {
      // Storage full or refused (a private window): the card counts from the lists alone, as before.
    }
    setBefore(all)
  }, [key, userId, newlyDone])
  return steps?.map((step) => ({ ...step, done: step.done || before.has(step.id) }))
}
