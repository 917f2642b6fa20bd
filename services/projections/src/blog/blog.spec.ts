import { describe, expect, it } from 'vitest'
import { BlogPostDrafted, BlogPostEdited, BlogPostPublished } from '@reelmates/contracts/blog'
import { projectorHarness } from '../testing/projectorHarness'
import { blog } from './blog'
import { blogQueries } from './blogQueries'

const at = '2026-11-20T10:00:00.000Z'
const fields = (slug: string) => ({
  postId: 'p1',
  title: 'Renamed',
  slug,
  content: 'Text',
  excerpt: 'Text',
  featuredImageUrl: null,
  categoryIds: [],
})
const renamed = (slug: string) => BlogPostEdited({ ...fields(slug), editedAt: at })

describe('blog: former slugs', () => {
  it('finds a published post by every slug it had, answering with the one it has now', async () => {
    const h = await projectorHarness(blog)
    await h.given(
      BlogPostDrafted({ ...fields('one'), authorId: 'a', createdAt: at }),
      BlogPostPublished({ postId: 'p1', publishedAt: at }),
      renamed('two'),
      renamed('two'),
      renamed('three'),
    )
    const queries = blogQueries(h.db)
    for (const slug of ['one', 'two', 'three']) expect((await queries.publishedBySlug(slug))?.slug).toBe('three')
    expect(await h.docs('blog_posts')).toEqual([expect.objectContaining({ formerSlugs: ['one', 'two'] })])
  })

  it('takes a slug back out of the former ones when the post returns to it', async () => {
    const h = await projectorHarness(blog)
    await h.given(BlogPostDrafted({ ...fields('one'), authorId: 'a', createdAt: at }), renamed('two'), renamed('one'))
    expect(await h.docs('blog_posts')).toEqual([expect.objectContaining({ slug: 'one', formerSlugs: ['two'] })])
  })
})
