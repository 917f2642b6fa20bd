import { describe, expect, it } from 'vitest'
import { describePost } from './postPageMeta'

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
