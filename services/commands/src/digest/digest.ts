import {
  DigestSent,
  DigestTestRequested,
  type DigestEvent,
  type SentDigestType,
  type StreamingChange,
} from '@reelmates/contracts/digests'
import { DomainError, type Decider } from '../decider'

export const digestStreamId = (userId: string) => `digest-${userId}`

/** The digest of this period is out already: a second scheduler, or a run repeated after a crash. */
export class DigestAlreadySent extends DomainError {
  override readonly name = 'DigestAlreadySent'
  constructor(period: string) {
    super('conflict', `The digest for ${period} has been sent already.`)
  }
}

export type DigestCommand =
  | {
      type: 'RecordDigestSent'
      userId: string
      digestType: SentDigestType
      period: string
      from: string
      until: string
      at: string
      streaming: StreamingChange[]
    }
  | {
      type: 'RequestTestDigest'
      userId: string
      adminId: string
      digestType: SentDigestType
      from: string
      until: string
      at: string
      streaming: StreamingChange[]
    }

export interface DigestState {
  /** Every period whose digest went out: each is sent once, whatever runs the job and however often. */
  sentPeriods: ReadonlySet<string>
}

/** One stream per member (`digest-<userId>`): the expected revision makes two senders of one period race, and one lose. */
export const digest: Decider<DigestCommand, DigestEvent, DigestState> = {
  initialState: () => ({ sentPeriods: new Set() }),
  evolve: (state, event) =>
    event.type === 'DigestSent' ? { sentPeriods: new Set([...state.sentPeriods, event.data.period]) } : state,
  decide(command, state) {
    switch (command.type) {
      case 'RecordDigestSent': {
        if (state.sentPeriods.has(command.period)) throw new DigestAlreadySent(command.period)
        const { userId, digestType, period, from, until, at, streaming } = command
        return [DigestSent({ userId, digestType, period, from, until, sentAt: at, streaming })]
      }
      case 'RequestTestDigest': {
        const { userId, adminId, digestType, from, until, at, streaming } = command
        return [
          DigestTestRequested({ userId, requestedBy: adminId, digestType, from, until, requestedAt: at, streaming }),
        ]
      }
    }
  },
}
