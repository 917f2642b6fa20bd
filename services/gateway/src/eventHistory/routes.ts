import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  eventDetailAnswer,
  eventDetailParams,
  eventHistoryAnswer,
  eventHistoryQuery,
  eventTypesAnswer,
  knownEventTypes,
} from '@reelmates/contracts/eventHistory'
import { errorAnswer } from '@reelmates/contracts/answers'
import { eventIndexQueries } from '@reelmates/projections/eventHistory/eventIndexQueries'
import { requireAdmin } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { readEventWithNeighbours, readHistory } from './historyReader'
import { recordPersonalDataViews } from './personalDataViews'
import { presentEvent } from './presentEvent'

const notFound = { message: 'There is no event at that position.', error: 'Not Found' }

/** The event history explorer (admins only): the log itself, filtered, with who read what recorded. */
export const eventHistoryRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const index = eventIndexQueries(platform.readStore)

  app.get(
    '/admin/events',
    {
      onRequest: requireAdmin,
      config: readsFrom(eventIndexQueries),
      schema: {
        tags: ['admin'],
        summary:
          'The event log, newest first, filtered by stream, person, type or correlation (an unknown type is a 400)',
        querystring: eventHistoryQuery,
        response: { 200: eventHistoryAnswer },
      },
    },
    async (request) => {
      const page = await readHistory(
        { eventStore: platform.eventStore, candidateStreams: (filter) => index.candidateStreams(filter) },
        request.query,
      )
      await recordPersonalDataViews(request, page.events)
      return {
        items: page.events.map(presentEvent),
        next: page.next?.toString() ?? null,
        scannedTo: page.scannedTo?.toString() ?? null,
      }
    },
  )

  app.get(
    '/admin/event-types',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every event type the log can hold, in name order: what the type filter takes',
        response: { 200: eventTypesAnswer },
      },
    },
    () => ({ types: knownEventTypes() }),
  )

  app.get(
    '/admin/events/:position',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One event, with its data, metadata and neighbours in its stream',
        params: eventDetailParams,
        response: { 200: eventDetailAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const found = await readEventWithNeighbours(platform.eventStore, BigInt(request.params.position))
      if (!found) return reply.code(404).send(notFound)
      await recordPersonalDataViews(request, [found.event, ...found.neighbours])
      return { event: presentEvent(found.event), neighbours: found.neighbours.map(presentEvent) }
    },
  )
}
