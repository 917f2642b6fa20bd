import type { FastifyPluginAsync } from 'fastify'
import { blogQueries } from '@reelmates/projections/blog/blogQueries'
import type { Platform } from '../platform'
import { pageHtml } from '../web/pageHtml'
import { withPostMeta } from './postPageMeta'
import { rssFeed } from './rssFeed'

const feedLength = 20

/**
 * The news pages as crawlers see them: `/news/rss.xml`, and `/news/{slug}` answered with the app's
 * index.html carrying the post's title and description. Everything else stays with the SPA fallback.
 */
export const newsPages: FastifyPluginAsync<{ platform: Platform }> = async (app, { platform }) => {
  const { publicUrl, webDist } = platform.config
  const posts = () => blogQueries(platform.readStore)

  app.get('/news/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
    const latest = await posts().latestPublished(feedLength)
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(rssFeed(publicUrl, latest, platform.now()))
  })

  app.get<{ Params: { slug: string } }>('/news/:slug', { schema: { hide: true } }, async (request, reply) => {
    // `/news/` is the news page itself, not a post with no slug.
    if (request.params.slug === '') return reply.callNotFound()
    let indexHtml: string
    try {
      // With the news page's own scripts preloaded, as every other page of the app.
      indexHtml = await pageHtml(webDist, `/news/${encodeURIComponent(request.params.slug)}`)
    } catch {
      return reply.callNotFound()
    }
    const post = await posts().publishedBySlug(request.params.slug)
    // An address from before the post's slug changed: moved for good, so links and crawlers follow.
    if (post && post.slug !== request.params.slug) return reply.redirect(`/news/${encodeURIComponent(post.slug)}`, 301)
    // No such post (or not published): the app shows its not-found state, and the status says so.
    return reply
      .code(post ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(post ? withPostMeta(indexHtml, post, publicUrl) : indexHtml)
  })
}
