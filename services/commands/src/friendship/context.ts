import type { DomainEvent } from '@reelmates/contracts/events'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Decider } from '../decider'
import { handleCommand, loadState } from '../handleCommand'
import type { Members } from './members'
import type { InvitedAddresses } from './newAddresses'

/** What the friendship application services need from the outside world, chosen by the gateway. */
export interface FriendshipPorts {
  eventStore: EventStore
  members: Members
  /** The invitation this inviter already sent to this address (read model), to send it again. */
  invitationTo(inviterUserId: string, email: string): Promise<string | null>
  /** Whether this sender mailed this address before, and how many new ones since `since` (read model). */
  invitedAddresses(senderUserId: string, email: string, since: string): Promise<InvitedAddresses>
  newId: () => string
  now: () => Date
}

/** Who asks, within which request: copied into every event's metadata. */
export interface Asker {
  userId: string
  correlationId: string
}

export interface Changed {
  /** Log position of the last event appended, for read-your-writes; null when nothing changed. */
  position: bigint | null
}

/** Runs commands for one asker: events carry their metadata; positions are combined. */
export function commandsFor(ports: Pick<FriendshipPorts, 'eventStore' | 'now'>, asker: Asker) {
  let position: bigint | null = null
  return {
    at: () => ports.now().toISOString(),
    async run<Command, Event extends DomainEvent, State>(
      decider: Decider<Command, Event, State>,
      streamId: string,
      command: Command,
    ): Promise<Event[]> {
      const result = await handleCommand(ports.eventStore, {
        decider,
        streamId,
        command,
        metadata: {
          correlationId: asker.correlationId,
          causationId: asker.correlationId,
          actorId: asker.userId,
          occurredAt: ports.now().toISOString(),
        },
      })
      if (result.position !== null) position = result.position
      return result.events
    },
    /**
     * Decides without appending, so that a change spanning two streams is refused before either is
     * written when one of them would refuse it.
     */
    async check<Command, Event extends DomainEvent, State>(
      decider: Decider<Command, Event, State>,
      streamId: string,
      command: Command,
    ): Promise<void> {
      decider.decide(command, await loadState(ports.eventStore, decider, streamId))
    },
    position: () => position,
  }
}
