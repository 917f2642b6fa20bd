import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { blogCategoriesAnswer, newsPage, newsPageQuery, newsPost, slugParams } from '@reelmates/contracts/blog'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { DomainError } from '@reelmates/commands/decider'
import { blogQueries } from '@reelmates/projections/blog/blogQueries'
import { currentUserId, requireUser } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const tags = ['news']

/** The open news API (issue 14.7): published posts only, for visitors and members alike. */
export const newsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const posts = () => blogQueries(platform.readStore)

  app.get(
    '/blog/posts',
    {
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'Published posts, newest first, 10 a page, optionally of one category (by slug)',
        querystring: newsPageQuery,
        response: { 200: newsPage, 404: errorAnswer },
      },
    },
    async (request) => {
      const page = await posts().publishedPage(request.query.page, request.query.category)
      if (!page) throw new DomainError('not_found', 'No such news category.')
      return page
    },
  )

  app.get(
    '/blog/posts/:slug',
    {
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'One published post, with its Markdown content',
        params: slugParams,
        response: { 200: newsPost, 404: errorAnswer },
      },
    },
    async (request) => {
      const post = await posts().publishedBySlug(request.params.slug)
      if (!post) throw new DomainError('not_found', 'There is no published post at this address.')
      return post
    },
  )

  app.get(
    '/blog/categories',
    {
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'Every category, with how many published posts it has',
        response: { 200: blogCategoriesAnswer },
      },
    },
    async () => ({ items: await posts().categories() }),
  )

  app.post(
    '/news/visited',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ csrf: [] }],
        summary: 'Record that the signed-in user read the news now (clears the unread-news dot)',
        response: { 200: z.object({ lastNewsVisit: z.string(), position: z.string().optional() }) },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const at = platform.now().toISOString()
      const { position } = await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        command: { type: 'RecordNewsVisit', userId, at },
      })
      return withPosition({ lastNewsVisit: at }, position)
    },
  )
}
