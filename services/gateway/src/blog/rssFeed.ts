import type { NewsPost } from '@reelmates/contracts/blog'
import { absoluteUrl, escapeMarkup as x, postUrl } from './markup'

/** RSS 2.0 of the newest published posts: the excerpt as each item's description. */
export function rssFeed(publicUrl: string, posts: readonly NewsPost[], now: Date): string {
  const items = posts.map((post) => {
    const link = postUrl(publicUrl, post.slug)
    const categories = post.categories.map((c) => `      <category>${x(c.name)}</category>`)
    const image = post.featuredImageUrl
      ? [`      <enclosure url="${x(absoluteUrl(publicUrl, post.featuredImageUrl))}" length="0" type="image/jpeg"/>`]
      : []
    return [
      '    <item>',
      `      <title>${x(post.title)}</title>`,
      `      <link>${x(link)}</link>`,
      `      <guid isPermaLink="true">${x(link)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${x(post.excerpt)}</description>`,
      ...categories,
      ...image,
      '    </item>',
    ].join('\n')
  })
  const lastBuild = posts[0] ? new Date(posts[0].publishedAt) : now
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Reelmates News</title>',
    `    <link>${x(`${publicUrl}/news`)}</link>`,
    `    <atom:link href="${x(`${publicUrl}/news/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    '    <description>Release round-ups, what is new in Reelmates, and picks from our team.</description>',
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
