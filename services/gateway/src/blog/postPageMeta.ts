import type { NewsPost } from '@reelmates/contracts/blog'
import { shortenText } from '@reelmates/contracts/text'
import { absoluteUrl, escapeMarkup as x, postUrl } from './markup'

const descriptionLength = 200

/**
 * What a link preview shows: the excerpt as written (the news pages show it as plain text), or else
 * the start of the content with its Markdown marks taken off. Marks are taken off where Markdown
 * reads them (a heading's `#`, a quote's `>`, emphasis around words, tags), so "C#" and
 * "snake_case" keep their characters.
 */
export function describePost(post: Pick<NewsPost, 'excerpt' | 'content'>): string {
  const plain = (post.excerpt.trim() || markdownText(post.content)).replace(/\s+/g, ' ').trim()
  return shortenText(plain, descriptionLength)
}

function markdownText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>\n]+>/g, '')
    .replace(/^[ \t]*(#{1,6}|>+)[ \t]*/gm, '')
    .replace(/(^|[^\w*_~`])[*_~`]+(?=[^\s*_~`])/g, '$1')
    .replace(/([^\s*_~`])[*_~`]+(?=$|[^\w*_~`])/gm, '$1')
}

/**
 * The app's index.html with the post's title and description in it: crawlers that build link
 * previews read the HTML as served and run no script, so the server writes them there.
 */
export function withPostMeta(indexHtml: string, post: NewsPost, publicUrl: string): string {
  const title = `${post.title} — Reelmates News`
  const description = describePost(post)
  const url = postUrl(publicUrl, post.slug)
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Reelmates" />`,
    `<meta property="og:title" content="${x(post.title)}" />`,
    `<meta property="og:description" content="${x(description)}" />`,
    `<meta property="og:url" content="${x(url)}" />`,
    `<meta property="article:published_time" content="${x(post.publishedAt)}" />`,
    ...(post.featuredImageUrl
      ? [`<meta property="og:image" content="${x(absoluteUrl(publicUrl, post.featuredImageUrl))}" />`]
      : []),
    `<meta name="twitter:card" content="${post.featuredImageUrl ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${x(url)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="Reelmates News" href="${x(`${publicUrl}/news/rss.xml`)}" />`,
  ]
  // Replacements are functions: a replacement string reads `$&`, `$'`, `` $` `` and `$$` as patterns,
  // and a post's title or excerpt may hold them (escaping leaves `$` alone), pasting parts of the page in.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${x(title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, () => `<meta name="description" content="${x(description)}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
}
