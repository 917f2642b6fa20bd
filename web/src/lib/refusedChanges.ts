import { toast, type ToastAction, type ToastInput } from './toast'

/**
 * A change the server refused, as its toast names it, with the server's reason when it gave one,
 * and what the user can do about it (offered while it is the only refusal the toast names).
 */
export interface RefusedChange {
  title: string
  reason?: string
  action?: ToastAction
}

/**
 * One toast for changes refused together. A single refusal reads as it always has; several are
 * counted in the title and named in the description, one a line, since the toast layer shows one
 * toast at a time (spec §9) and a toast per refusal would hide all but the last.
 */
export function refusalToast(refused: readonly RefusedChange[]): ToastInput {
  const [only, ...others] = refused
  if (only && others.length === 0) {
    return {
      title: only.title,
      ...(only.reason ? { description: only.reason } : {}),
      ...(only.action ? { action: only.action } : {}),
      variant: 'destructive',
    }
  }
  return {
    title: `${refused.length} changes could not be saved`,
    description: refused.map(({ title, reason }) => (reason ? `${title}: ${reason}` : title)).join('\n'),
    variant: 'destructive',
  }
}

let replaysUnderWay = 0
let refusedInReplay: RefusedChange[] = []

/**
 * Tells the user the server refused a change. While changes queued offline are being sent
 * (`gatherRefusals`), the toast names every change refused so far in that replay, so a second
 * refusal does not hide the first.
 */
export function tellRefused(change: RefusedChange): void {
  if (replaysUnderWay === 0) {
    toast(refusalToast([change]))
    return
  }
  refusedInReplay = [...refusedInReplay, change]
  toast(refusalToast(refusedInReplay))
}

/** The refusals heard until `replay` settles share one toast; a refusal after it starts a toast of its own. */
export async function gatherRefusals(replay: Promise<unknown>): Promise<void> {
  replaysUnderWay += 1
  try {
    await replay
  } finally {
    replaysUnderWay -= 1
    if (replaysUnderWay === 0) refusedInReplay = []
  }
}

/** Changes, by idempotency key, whose refusal a screen still open says in its own words. */
const saidInPlace = new Set<string>()

/**
 * While the returned function has not been called, a refusal of the change `key` is said by the
 * screen that made it (a dialog's alert), not by a toast as well: the toast lay under the modal
 * dialog and said the same again once it closed.
 */
export function sayRefusalInPlace(key: string): () => void {
  saidInPlace.add(key)
  return () => void saidInPlace.delete(key)
}

export const refusalSaidInPlace = (key: string | undefined): boolean => key !== undefined && saidInPlace.has(key)
