import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import {
  allStepsDone,
  onboardingSteps,
  type OnboardingProgress,
  type OnboardingStepId,
} from '../../features/onboarding/onboardingSteps'
import { useCompleteOnboarding } from '../../features/onboarding/useCompleteOnboarding'
import { focusableAfter } from '../../lib/focusableAfter'
import { useFocusWhenGone } from '../../lib/focusLost'
import { useOnboardingProgress } from '../../features/onboarding/useOnboardingProgress'
import { useStepsOnceDone } from '../../features/onboarding/stepsDoneHere'
import { Icon } from '../library/icons'
import { wayOnButton } from '../shell/TryAgain'
import { panel, primaryButton, quietButton, sectionHeading } from '../social/socialStyles'

const link = wayOnButton

const stepTitles: Record<OnboardingStepId, string> = {
  watchlist: 'Add a title to your watchlist',
  watched: 'Log something you’ve watched',
  friends: 'Add a friend',
}

/** Where each step is done, as the page around the card offers it. */
function StepHint({
  id,
  done,
  progress,
}: {
  id: OnboardingStepId
  done: boolean
  progress: OnboardingProgress
}): ReactNode {
  switch (id) {
    case 'watchlist':
      return (
        <>
          Use the bookmark on any poster below, or{' '}
          <Link to="/search" className={link}>
            search for a title
          </Link>
          .
        </>
      )
    case 'watched':
      return <>Use the eye on a poster to mark it watched; a rating and a review are up to you.</>
    case 'friends': {
      const friends = (
        <Link to="/friends" className={link}>
          Friends
        </Link>
      )
      // A request counts once it is accepted: until then the step says where it stands. Once a friend
      // has made it done, a request still open is no longer part of getting started (the bell and
      // /friends tell of it), and the step reads like the other done ones.
      if (!done && progress.friendsAsking > 0) return <>Someone asked to be your friend: answer on {friends}.</>
      if (!done && progress.friendsAsked > 0) return <>Your request is waiting for an answer; see {friends}.</>
      return <>Find people by username or invite them by email on {friends}.</>
    }
  }
}

/**
 * A new member's first look at home, as Letterboxd and Trakt greet a newcomer: three steps, each
 * checked from their own lists. "Hide" records that they are past it (`onboardingCompleted`), so it
 * never shows again on any device; finishing every step records it too, and the card stays to say
 * "You're all set" until "Done" or the next visit.
 */
export function GetStartedCard() {
  const { data: user } = useCurrentUser()
  const completion = useCompleteOnboarding()
  const open = user?.onboardingCompleted === false
  const sayingAllSet = completion.variables === 'allSet' && !completion.isError
  // Hide and Done take the card, and the focus on them, away: the keyboard goes on to what follows it.
  const focusWhenGone = useFocusWhenGone()
  const leave = (control: HTMLElement) => {
    const card = control.closest('section')
    const next = card && focusableAfter(card)
    focusWhenGone(control, () => next)
  }
  // Its lists are asked only while it can show: a member past it never asks for the friends list here.
  // Drawn anew for another member, whose steps done on this device are their own.
  return open || sayingAllSet ? (
    <Steps key={user?.id} userId={user?.id} open={open} completion={completion} onLeave={leave} />
  ) : null
}

function Steps({
  userId,
  open,
  completion,
  onLeave,
}: {
  userId: string | undefined
  open: boolean
  completion: ReturnType<typeof useCompleteOnboarding>
  onLeave: (control: HTMLElement) => void
}) {
  const headingId = useId()
  const progress = useOnboardingProgress()
  const { mutate: complete, isIdle, reset } = completion
  const steps = useStepsOnceDone(userId, progress && onboardingSteps(progress))
  const allSet = steps !== undefined && allStepsDone(steps)
  // Whether every step was done when the lists first came: a member from before the card existed is
  // recorded as past it without ever being shown it.
  const [doneAtFirstSight, setDoneAtFirstSight] = useState<boolean>()
  const known = steps !== undefined
  useEffect(() => {
    if (known && doneAtFirstSight === undefined) setDoneAtFirstSight(allSet)
  }, [known, allSet, doneAtFirstSight])

  // Once, not on every render: after a refusal the mutation is no longer idle, and "Done" asks again.
  useEffect(() => {
    if (open && allSet && isIdle && doneAtFirstSight !== undefined)
      complete(doneAtFirstSight ? 'alreadyDone' : 'allSet')
  }, [open, allSet, isIdle, doneAtFirstSight, complete])

  // Its place is held while the lists come (a second on a slow phone): drawn late above "Trending
  // movies", it pushed the page down under a thumb going for a poster.
  if (!progress || !steps) return open ? <CardWhileCounting /> : null
  if (allSet && doneAtFirstSight !== false) return null
  const doneCount = steps.filter((step) => step.done).length

  return (
    <section aria-labelledby={headingId} className={`${panel} @container mb-10 sm:mb-12`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className={sectionHeading}>
            Get started
          </h2>
          <p className="mt-1 text-sm text-zinc-400" aria-live="polite">
            {allSet ? 'You’re all set: all three steps are done.' : `${doneCount} of ${steps.length} steps done.`}
          </p>
        </div>
        <button
          type="button"
          onClick={(event) => {
            onLeave(event.currentTarget)
            if (open) complete('hide')
            else reset()
          }}
          aria-label={allSet ? 'Done with Get started' : 'Hide Get started'}
          className={`${allSet ? primaryButton : quietButton} shrink-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400`}
        >
          {allSet ? 'Done' : 'Hide'}
        </button>
      </div>
      {/* Three across only where the card is wide enough for them, not the screen: beside the sidebar
          on a tablet a third of the card broke "watchlist" and "username" inside the word. */}
      <ol className="mt-4 grid gap-3 @[40rem]:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.id} className="flex gap-3 rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/5">
            <span
              aria-hidden="true"
              className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                step.done ? 'bg-amber-400 text-zinc-950' : 'text-zinc-400 ring-1 ring-white/20'
              }`}
            >
              {step.done ? <Icon name="check" className="h-4 w-4" /> : index + 1}
            </span>
            <div className="min-w-0">
              <p className={`text-sm font-semibold ${step.done ? 'text-zinc-400' : 'text-white'}`}>
                <span className="sr-only">{step.done ? 'Done: ' : 'Not done yet: '}</span>
                {stepTitles[step.id]}
              </p>
              <p className="mt-0.5 text-sm leading-relaxed text-zinc-400">
                <StepHint id={step.id} done={step.done} progress={progress} />
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

const noProgress: OnboardingProgress = { watchlist: 0, watched: 0, friends: 0, friendsAsked: 0, friendsAsking: 0 }

/**
 * The card's place while the member's lists come: the card itself, with no step done, laid out but
 * not shown (`invisible`: neither seen, nor read, nor reached with Tab), on the card's own panel. So
 * it is the card's size at any width, and nothing moves when the card comes, but for the odd line a
 * step's words gain.
 */
function CardWhileCounting() {
  return (
    <div aria-hidden="true" data-get-started-placeholder="" className={`${panel} @container mb-10 sm:mb-12`}>
      <div className="invisible">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className={sectionHeading}>Get started</p>
            <p className="mt-1 text-sm">0 of 3 steps done.</p>
          </div>
          <span className={`${quietButton} shrink-0`}>Hide</span>
        </div>
        <ol className="mt-4 grid gap-3 @[40rem]:grid-cols-3">
          {onboardingSteps(noProgress).map((step, index) => (
            <li key={step.id} className="flex gap-3 rounded-xl p-3">
              <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center text-sm">{index + 1}</span>
              <div className="min-w-0">
                <p className="text-sm font-semibold">{stepTitles[step.id]}</p>
                <p className="mt-0.5 text-sm leading-relaxed">
                  <StepHint id={step.id} done={false} progress={noProgress} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
