import { describe, it } from 'vitest'
import {
  BlogPostDrafted,
  BlogPostEdited,
  BlogPostPublished,
  BlogPostUnpublished,
  type BlogPostInput,
} from '@reelmates/contracts/blog'
import { specFor } from '../testing/givenWhenThen'
import { blogPost, EmptyPostCannotBePublished, PostChangedSinceOpened } from './blogPost'

const given = specFor(blogPost)
const postId = 'p1'
const input: BlogPostInput = {
  title: 'November releases',
  slug: 'november-releases',
  content: 'The best films of the month.',
  excerpt: '',
  featuredImageUrl: null,
  categoryIds: [],
}
const fields = { postId, ...input }
const drafted = BlogPostDrafted({ ...fields, authorId: 'admin', createdAt: '2026-11-20T10:00:00.000Z' })
const edited = (editedAt: string, content = 'Rewritten.') => BlogPostEdited({ ...fields, content, editedAt })
const edit = (basedOn: string | undefined, at = '2026-11-20T12:00:00.000Z') =>
  ({ type: 'EditPost', postId, input: { ...input, content: 'Mine.' }, basedOn, at }) as const

describe('a blog post', () => {
  describe('saving over a change made since the editor had the post', () => {
    it('saves when the post is as the editor last had it', () =>
      given([drafted, edited('2026-11-20T11:00:00.000Z')])
        .when(edit('2026-11-20T11:00:00.000Z'))
        .then([BlogPostEdited({ ...fields, content: 'Mine.', editedAt: '2026-11-20T12:00:00.000Z' })]))

    it('refuses when another save came after the one the editor had', () =>
      given([drafted, edited('2026-11-20T11:00:00.000Z')])
        .when(edit('2026-11-20T10:00:00.000Z'))
        .thenThrows(PostChangedSinceOpened, 'This post was changed since you opened it'))

    it('refuses when the post was published or unpublished since', () => {
      const published = BlogPostPublished({ postId, publishedAt: '2026-11-20T11:30:00.000Z' })
      given([drafted, published]).when(edit('2026-11-20T10:00:00.000Z')).thenThrows(PostChangedSinceOpened)
      given([drafted, published])
        .when(edit('2026-11-20T11:30:00.000Z'))
        .then([BlogPostEdited({ ...fields, content: 'Mine.', editedAt: '2026-11-20T12:00:00.000Z' })])
      const unpublished = BlogPostUnpublished({ postId, unpublishedAt: '2026-11-20T11:45:00.000Z' })
      given([drafted, published, unpublished]).when(edit('2026-11-20T11:30:00.000Z')).thenThrows(PostChangedSinceOpened)
    })

    it('saves without asking when the editor says nothing of what it had', () =>
      given([drafted, edited('2026-11-20T11:00:00.000Z')])
        .when(edit(undefined))
        .then([BlogPostEdited({ ...fields, content: 'Mine.', editedAt: '2026-11-20T12:00:00.000Z' })]))
  })

  it('refuses to publish a post with no content', () =>
    given([drafted, edited('2026-11-20T11:00:00.000Z', '  ')])
      .when({ type: 'PublishPost', postId, at: '2026-11-20T12:00:00.000Z' })
      .thenThrows(EmptyPostCannotBePublished))
})
