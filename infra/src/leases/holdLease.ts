import type { Lease, LeaseStore } from './port'

/** Work that runs only while its lease is held. */
export interface LeasedWork {
  stop(): Promise<void>
}

export interface HoldLeaseOptions {
  leases: LeaseStore
  name: string
  /** This process; unique per process unless a restart should take its own lease back at once. */
  owner: string
  ttlMs: number
  /** How often the holder renews, and how often the others ask. */
  renewIntervalMs: number
  logger: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void }
  /**
   * Starts the work once the lease is granted. `lost` is for the work to call when a write fenced
   * by this lease was refused: the work is then stopped, and the process asks for the lease again.
   */
  start(lease: Lease, lost: () => void): Promise<LeasedWork>
}

export interface HeldLease {
  /** The lease while this process holds it. */
  current(): Lease | undefined
  /** Resolves once the first request for the lease has been answered (and its work started, if granted). */
  ready(): Promise<void>
  /**
   * Stops the work and lets the lease go, so another process takes over at once. With
   * `release: false` the lease is kept until it expires, as after a crash (tests).
   */
  stop(options?: { release?: boolean }): Promise<void>
}

/**
 * Runs `start`'s work in exactly one of the processes that ask for the same lease: asks every
 * `renewIntervalMs`, renews while it holds it, and stops the work as soon as it learns the lease is
 * gone (a refused renewal, a refused fenced write, or renewals that failed until the expiry passed).
 * The fencing token, not this timer, is what keeps a stalled holder from writing: the timer only
 * makes it stop trying.
 */
export function holdLease(options: HoldLeaseOptions): HeldLease {
  const { leases, name, owner, ttlMs, renewIntervalMs, logger } = options
  let held: { lease: Lease; work: LeasedWork } | undefined
  let lostSignalled = false
  let stopping = false
  let wake: (() => void) | undefined
  const isStopping = () => stopping
  let firstAnswer!: () => void
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve))

  async function drop(reason: string): Promise<void> {
    const current = held
    if (!current) return
    held = undefined
    logger.warn({ lease: name, token: current.lease.token, reason }, 'lease lost; stopping its work')
    await current.work.stop()
  }

  async function tryToAcquire(): Promise<void> {
    const lease = await leases.acquire(name, owner, ttlMs)
    if (!lease) return
    lostSignalled = false
    try {
      const work = await options.start(lease, () => {
        lostSignalled = true
        wake?.()
      })
      held = { lease, work }
      logger.info({ lease: name, token: lease.token, owner }, 'lease acquired; work started')
    } catch (error) {
      logger.warn({ err: error, lease: name }, 'work under a new lease failed to start; letting the lease go')
      await leases.release(lease)
    }
  }

  async function renew(current: { lease: Lease }): Promise<void> {
    if (lostSignalled) {
      lostSignalled = false
      return drop('a fenced write was refused')
    }
    try {
      const renewed = await leases.renew(current.lease, ttlMs)
      if (renewed) current.lease = renewed
      else await drop('another process holds it now')
    } catch (error) {
      logger.warn({ err: error, lease: name }, 'could not renew the lease')
      if (Date.now() >= current.lease.expiresAt) await drop('renewals failed until it expired')
    }
  }

  const loop = (async () => {
    while (!isStopping()) {
      try {
        if (held) await renew(held)
        else await tryToAcquire()
      } catch (error) {
        logger.warn({ err: error, lease: name }, 'the lease store did not answer; asking again')
      }
      firstAnswer()
      if (isStopping()) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, lostSignalled ? 0 : renewIntervalMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
    firstAnswer()
  })()

  return {
    current: () => held?.lease,
    ready: () => answered,
    async stop({ release = true } = {}) {
      stopping = true
      wake?.()
      await loop
      const current = held
      held = undefined
      if (!current) return
      await current.work.stop()
      if (release) await leases.release(current.lease)
    },
  }
}
