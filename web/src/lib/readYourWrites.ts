/**
 * Read-your-writes (architecture, read side): every state-changing answer carries the event log
 * position it produced; later queries send the highest one seen as `X-Min-Position`, so the server
 * waits until its read models include our own change and a list never shows stale data.
 */
let highestPosition: bigint | undefined

const positionPattern = /^\d{1,30}$/

export function rememberPosition(body: unknown): void {
  if (typeof body !== 'object' || body === null) return
  const position = (body as { position?: unknown }).position
  if (typeof position !== 'string' || !positionPattern.test(position)) return
  const value = BigInt(position)
  if (highestPosition === undefined || value > highestPosition) highestPosition = value
}

export function minPositionHeader(): Record<string, string> {
  return highestPosition === undefined ? {} : { 'X-Min-Position': highestPosition.toString() }
}

/** A new session starts from nothing (logout). */
export function forgetPositions(): void {
  highestPosition = undefined
}
