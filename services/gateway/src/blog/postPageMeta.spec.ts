import { describe, expect, it } from 'vitest'
import type { NewsPost } from '@reelmates/contracts/blog'
import { describePost, withPostMeta } from './postPageMeta'

describe("a news post's link preview text", () => {
  it('is the excerpt as the news pages show it, plain text and all', () => {
    expect(describePost({ excerpt: 'Tags <b>stay</b> text, **as** typed: C# and snake_case.', content: '# x' })).toBe(
      'Tags <b>stay</b> text, **as** typed: C# and snake_case.',
    )
  })

  it('is the start of the content without its Markdown marks when there is no excerpt', () => {
    const content = [
      '## The *winners*',
      '',
      '> A **quiet** drama took the `Palme`, and ~~nobody~~ everybody cheered.',
      '',
      'Read [the list](https://example.com) ![poster](/p.png) in <em>full</em>: C# fans, snake_case_names and 2*3 stay.',
    ].join('\n')
    expect(describePost({ excerpt: '  ', content })).toBe(
      'The winners A quiet drama took the Palme, and nobody everybody cheered. Read the list in full: C# fans, snake_case_names and 2*3 stay.',
    )
  })

  it('is cut at 200 characters with an ellipsis', () => {
    const description = describePost({ excerpt: 'word '.repeat(100), content: '' })
    expect(description).toHaveLength(200)
    expect(description.endsWith('…')).toBe(true)
  })

  it('never cuts an emoji in half (a preview ending in "�…")', () => {
    const description = describePost({ excerpt: '🎬'.repeat(250), content: '' })
    expect(description).toBe(`${'🎬'.repeat(199)}…`)
    expect(description).not.toMatch(/[\uD800-\uDFFF]/u)
  })
})

describe("a news post's page as served", () => {
  const indexHtml = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Reelmates — what to watch</title>',
    '    <meta',
    '      name="description"',
    '      content="Find movies and shows."',
    '    />',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n')
  const post = (title: string, excerpt: string): NewsPost => ({
    slug: 'deals',
    title,
    excerpt,
    content: '',
    featuredImageUrl: null,
    publishedAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    categories: [],
  })

  it("carries a title and excerpt holding `$$`, `$&`, `` $` `` and `$'` exactly as written", () => {
    const text = "Deals: $$ and $& and $` and $' here & <now>"
    const escaped = 'Deals: $$ and $&amp; and $` and $&apos; here &amp; &lt;now&gt;'
    const page = withPostMeta(indexHtml, post(text, text), 'https://reelmates.example')
    expect(page).toContain(`<title>${escaped} — Reelmates News</title>`)
    expect(page).toContain(`<meta property="og:title" content="${escaped}" />`)
    expect(page).toContain(`<meta name="description" content="${escaped}" />`)
    expect(page).toContain(`<meta property="og:description" content="${escaped}" />`)
    expect(page.match(/<title>/g)).toHaveLength(1)
    expect(page.match(/<head>/g)).toHaveLength(1)
    expect(page.match(/<\/head>/g)).toHaveLength(1)
    expect(page.match(/<meta name="description"/g)).toHaveLength(1)
  })
})
