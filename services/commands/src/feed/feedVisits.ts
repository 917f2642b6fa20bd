import { FeedVisited, type FeedVisitEvent } from '@reelmates/contracts/feed'
import type { Decider } from '../decider'

export type FeedVisitCommand = { type: 'RecordFeedVisit'; userId: string; at: string }

/** When the member last opened their feed, so a visit never moves the mark back. */
export interface FeedVisitState {
  lastVisit: string | null
}

export const feedVisitsStreamId = (userId: string) => `feedVisits-${userId}`

export const feedVisits: Decider<FeedVisitCommand, FeedVisitEvent, FeedVisitState> = {
  initialState: () => ({ lastVisit: null }),
  evolve: (_state, event) => ({ lastVisit: event.data.visitedAt }),
  decide(command, state) {
    // Two tabs opening the feed in the same instant, or a retried request: one visit is enough.
    if (state.lastVisit !== null && state.lastVisit >= command.at) return []
    return [FeedVisited({ userId: command.userId, visitedAt: command.at })]
  },
}
