/**
 * What every idempotency store must do, run against each adapter (SQLite in `npm test`, MongoDB in
 * `npm run test:infra`). `open(now)` gives an empty store reading the time from `now`.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { IdempotencyStore, IdempotencyTiming, RecordedAnswer } from './port'
import { contractClockStart } from '../testing/contractClock'

export const CONTRACT_TIMING = { keepAnswersMs: 60 * 60_000, abandonClaimsAfterMs: 60_000 } as const

const created: RecordedAnswer = { statusCode: 201, contentType: 'application/json', body: '{"position":"7"}' }

export function idempotencyStoreContract(
  name: string,
  open: (timing: IdempotencyTiming & { now: () => number }) => Promise<IdempotencyStore>,
): void {
  describe(`idempotency store contract: ${name}`, () => {
    const opened: IdempotencyStore[] = []
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()))
    })
    let time = 0
    async function store() {
      time = contractClockStart()
      const fresh = await open({ ...CONTRACT_TIMING, now: () => time })
      opened.push(fresh)
      return fresh
    }

    it('lets the first request claim a key, and answers the next with what the first recorded', async () => {
      const keys = await store()
      expect(await keys.claim('ann', 'k1', 'hash-a')).toEqual({ outcome: 'claimed' })
      await keys.complete('ann', 'k1', created)
      expect(await keys.claim('ann', 'k1', 'hash-b')).toEqual({
        outcome: 'answered',
        requestHash: 'hash-a',
        answer: created,
      })
    })

    it('says a claimed key is in progress until it is answered', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      expect(await keys.claim('ann', 'k1', 'hash-a')).toEqual({ outcome: 'in_progress', requestHash: 'hash-a' })
    })

    it('lets exactly one of two simultaneous claims win', async () => {
      const keys = await store()
      const claims = await Promise.all([keys.claim('ann', 'k1', 'hash-a'), keys.claim('ann', 'k1', 'hash-a')])
      expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1)
    })

    it('keeps the keys of each scope apart', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      await keys.complete('ann', 'k1', created)
      expect(await keys.claim('ben', 'k1', 'hash-a')).toEqual({ outcome: 'claimed' })
    })

    it('forgets a released claim, but never a recorded answer', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      await keys.release('ann', 'k1')
      expect(await keys.claim('ann', 'k1', 'hash-a')).toEqual({ outcome: 'claimed' })
      await keys.complete('ann', 'k1', created)
      await keys.release('ann', 'k1')
      expect(await keys.claim('ann', 'k1', 'hash-a')).toMatchObject({ outcome: 'answered' })
    })

    it('erases every key of a scope, answered or not, and only that scope', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      await keys.complete('ann', 'k1', created)
      await keys.claim('ann', 'k2', 'hash-b')
      await keys.claim('ann2', 'k1', 'hash-c')
      await keys.complete('ann2', 'k1', created)
      await keys.claim('ben', 'k1', 'hash-d')
      await keys.complete('ben', 'k1', created)
      await keys.eraseScope('ann')
      expect(await keys.claim('ann', 'k1', 'hash-e')).toEqual({ outcome: 'claimed' })
      expect(await keys.claim('ann', 'k2', 'hash-e')).toEqual({ outcome: 'claimed' })
      // A scope that merely starts like the erased one is another user's.
      expect(await keys.claim('ann2', 'k1', 'hash-c')).toMatchObject({ outcome: 'answered' })
      expect(await keys.claim('ben', 'k1', 'hash-d')).toMatchObject({ outcome: 'answered' })
      await keys.eraseScope('nobody')
    })

    it('lets a claim abandoned by a dead process be claimed again', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      time += CONTRACT_TIMING.abandonClaimsAfterMs
      expect(await keys.claim('ann', 'k1', 'hash-a')).toEqual({ outcome: 'claimed' })
    })

    it('keeps an answer for its whole lifetime, and no longer', async () => {
      const keys = await store()
      await keys.claim('ann', 'k1', 'hash-a')
      await keys.complete('ann', 'k1', created)
      time += CONTRACT_TIMING.keepAnswersMs - 1
      expect(await keys.claim('ann', 'k1', 'hash-b')).toMatchObject({ outcome: 'answered' })
      time += 1
      expect(await keys.claim('ann', 'k1', 'hash-b')).toEqual({ outcome: 'claimed' })
    })
  })
}
