import type { FastifyRequest } from 'fastify'
import type { DomainEvent } from '@reelmates/contracts/events'
import type { Decider } from '@reelmates/commands/decider'
import { handleCommand, type CommandMetadata } from '@reelmates/commands/handleCommand'
import { systemActors } from '@reelmates/infra/eventStore/port'

/**
 * Runs one command for an HTTP request: the request supplies the metadata (who, when, which
 * request), the decider supplies the rules. Answers the events and the log position they reached.
 */
export async function execute<Command, Event extends DomainEvent, State>(
  request: FastifyRequest,
  target: { decider: Decider<Command, Event, State>; streamId: string; command: Command; actorId?: string },
): Promise<{ events: Event[]; position: bigint | null }> {
  const result = await handleCommand(request.server.platform.eventStore, {
    decider: target.decider,
    streamId: target.streamId,
    command: target.command,
    metadata: commandMetadata(request, target.actorId),
  })
  return { events: result.events, position: result.position }
}

/** Who asked, why and when, for a command (or an application service) run for this request. */
export function commandMetadata(request: FastifyRequest, actorId?: string): CommandMetadata {
  return {
    correlationId: request.id,
    causationId: request.id,
    actorId: actorId ?? request.session.userId ?? systemActors.anonymous,
    occurredAt: request.server.platform.now().toISOString(),
  }
}

/**
 * Adds the log position a mutation reached to its JSON answer, so the client can ask later queries
 * to wait for it (`X-Min-Position`) and never see a list from before its own change.
 */
export function withPosition<Body extends object>(body: Body, position: bigint | null): Body & { position?: string } {
  return position === null ? body : { ...body, position: position.toString() }
}
