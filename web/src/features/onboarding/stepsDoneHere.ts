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

function write(key: string, steps: ReadonlySet<OnboardingStepId>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify([...steps]))
  } catch {
    // Storage full or refused (a private window): the card counts from the lists alone, as before.
  }
}

/**
 * A step the member has just done, wherever they did it: kept for the card, which may not be on
 * screen. A title added and then logged on its own page (the log takes it off the watchlist) left an
 * empty watchlist for home to see, and "Add a title to your watchlist" read "Not done yet".
 */
export function keepStepDone(userId: string | null, step: OnboardingStepId): void {
  if (!userId) return
  const key = `${stepsDoneStoragePrefix}${userId}`
  const before = read(key)
  if (!before.has(step)) write(key, new Set([...before, step]))
}

/**
 * The steps as the card shows them: a step done once stays done on this device, whether the card saw
 * it done or the change that did it was kept (`keepStepDone`). Taken in order, the steps undo each
 * other: logging the title just added to the watchlist takes it off the watchlist (the log's "Also
 * remove from watchlist" is on by default), which emptied it and un-ticked step 1.
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
    write(key, all)
    setBefore(all)
  }, [key, userId, newlyDone])
  return steps?.map((step) => ({ ...step, done: step.done || before.has(step.id) }))
}
