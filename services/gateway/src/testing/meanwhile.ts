import type { LightMyRequestResponse } from 'fastify'
import type { Platform } from '../platform'

/**
 * Runs `meanwhile` (another member's or device's request) once the next change has been recorded and
 * waits for the read models to show it, and lets the read models take that request in too: the race
 * where a change is answered from read models that already hold what came after it. Answers the
 * other request's answer once it is in.
 */
export function beforeTheNextAnswerIsRead(
  platform: Platform,
  meanwhile: () => Promise<LightMyRequestResponse>,
): () => Promise<LightMyRequestResponse> {
  const { projections, eventStore } = platform
  const waitForPosition = projections.waitForPosition.bind(projections)
  let other: Promise<LightMyRequestResponse> | undefined
  projections.waitForPosition = async (...args) => {
    projections.waitForPosition = waitForPosition
    other = meanwhile()
    await other
    await waitForPosition(await eventStore.headPosition())
    return waitForPosition(...args)
  }
  return () => {
    if (!other) throw new Error('the change never waited for the read models')
    return other
  }
}

/**
 * Holds the next append to the event store until `release`: a change that has passed every check and
 * is on its way to the store, while the test lets another request (an account deletion) go first.
 */
export function holdTheNextAppend(platform: Platform): { reached: Promise<void>; release: () => void } {
  const { eventStore } = platform
  const append = eventStore.append.bind(eventStore)
  let reachedIt!: () => void
  let release!: () => void
  const reached = new Promise<void>((resolve) => (reachedIt = resolve))
  const released = new Promise<void>((resolve) => (release = resolve))
  eventStore.append = async (...args) => {
    eventStore.append = append
    reachedIt()
    await released
    return append(...args)
  }
  return { reached, release }
}
