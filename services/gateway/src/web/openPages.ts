import type { FastifyInstance } from 'fastify'

/** The pages anyone may open and a search engine may list (issue 15.6); everything else needs a user. */
export const openPages = ['/', '/about', '/how-it-works', '/news', '/terms', '/privacy', '/contact', '/sign_up']

/** A real robots.txt and sitemap.xml, instead of the app's HTML the fallback would send. */
export function registerOpenPages(app: FastifyInstance, publicUrl: string): void {
  const origin = publicUrl.replace(/\/$/, '')
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  )
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = openPages.map((page) => `  <url><loc>${origin}${page}</loc></url>`).join('\n')
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      )
  })
}
