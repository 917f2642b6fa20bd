import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  followerParams,
  projectionsAnswer,
  rebuildAnswer,
  retryAnswer,
  type ProjectionStatus,
} from '@reelmates/contracts/projectionsAdmin'
import { requireAdmin } from '../http/auth'
import type { Platform } from '../platform'
import { lagReader } from './lag'
import { rebuildRuns } from './rebuildRuns'

const errors = { 404: errorAnswer, 409: errorAnswer }
const unknownFollower = (name: string) => ({
  message: `There is no read model or reaction named ${name}.`,
  error: 'Not Found',
})
// The name is known but the action is not for its kind: 409, as the column's own refusals below, since
// a 404 would tell the admin that a follower the screen lists does not exist.
const notRebuilt = (name: string) => ({
  message: `${name} is a reaction; reactions follow the log and are not rebuilt (a replay would do again what they did: send mail, erase accounts). Retry its set-aside failures instead.`,
  error: 'Conflict',
})
const notRetried = (name: string) => ({
  message: `${name} is a read model; only a reaction's set-aside failures are retried. A read model stopped on a failure comes back with a rebuild.`,
  error: 'Conflict',
})

/** Every projector and reaction: where it is, how far behind, and the rebuild and retry buttons. */
export const projectionsAdminRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { projections, scheduler, eventStore } = platform
  const rebuilds = rebuildRuns(projections, platform.now)

  app.get(
    '/admin/projections',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The status of every projector and scheduler reaction',
        response: { 200: projectionsAnswer },
      },
    },
    async () => {
      const head = await eventStore.headPosition()
      const lagOf = lagReader(eventStore, platform.now)
      const projectors = await Promise.all(
        projections.status().map(async (status): Promise<ProjectionStatus> => {
          const last = rebuilds.last(status.name)
          const rebuild = status.rebuild
          return {
            name: status.name,
            kind: 'projector',
            version: status.version,
            checkpoint: status.position.toString(),
            lag: await lagOf(status.position),
            status: status.state,
            lastError: status.failure?.message ?? null,
            rebuild: rebuild
              ? {
                  position: rebuild.position.toString(),
                  head: head.toString(),
                  progress: head === 0n ? 1 : Math.min(1, Number(rebuild.position) / Number(head)),
                  waiting: rebuild.waiting,
                }
              : null,
            lastRebuild: last ? { ...last } : null,
            setAside: null,
          }
        }),
      )
      const reactors = await Promise.all(
        (await scheduler.status()).map(async (reactor): Promise<ProjectionStatus> => ({
          name: reactor.name,
          kind: 'reactor',
          version: null,
          checkpoint: reactor.checkpoint.toString(),
          lag: await lagOf(reactor.checkpoint),
          status: reactor.failures > 0 ? 'failures_set_aside' : 'live',
          lastError: reactor.lastError,
          rebuild: null,
          lastRebuild: null,
          setAside: reactor.failures,
        })),
      )
      return { head: head.toString(), items: [...projectors, ...reactors] }
    },
  )

  app.post(
    '/admin/projections/:name/rebuild',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Rebuild a read model from position 0 into fresh collections, then swap them in',
        params: followerParams,
        response: { 202: rebuildAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      if (!projections.status().some((status) => status.name === name)) {
        if ((await scheduler.status()).some((reactor) => reactor.name === name))
          return reply.code(409).send(notRebuilt(name))
        return reply.code(404).send(unknownFollower(name))
      }
      if (platform.config.column === 'distributed')
        return reply.code(409).send({
          message:
            'Read models are rebuilt by the projection process that holds the projections lease: run the rebuild there.',
          error: 'Conflict',
        })
      const { run } = rebuilds.start(name)
      return reply.code(202).send({ name, run: { ...run } })
    },
  )

  app.post(
    '/admin/projections/:name/retry',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Try the set-aside failures of a scheduler reaction again now',
        params: followerParams,
        response: { 200: retryAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      if (!(await scheduler.status()).some((reactor) => reactor.name === name)) {
        if (projections.status().some((status) => status.name === name)) return reply.code(409).send(notRetried(name))
        return reply.code(404).send(unknownFollower(name))
      }
      const stillFailing = await scheduler.retryFailures(name)
      if (stillFailing === undefined)
        return reply.code(409).send({
          message: 'This reaction runs in a scheduler process, which retries its set-aside failures every minute.',
          error: 'Conflict',
        })
      return { name, stillFailing }
    },
  )
}
