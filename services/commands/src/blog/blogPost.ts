import {
  BlogPostDeleted,
  BlogPostDrafted,
  BlogPostEdited,
  BlogPostPublished,
  BlogPostUnpublished,
  type BlogPostEvent,
  type BlogPostInput,
} from '@reelmates/contracts/blog'
import { DomainError, type Decider } from '../decider'

export const blogPostStreamId = (postId: string) => `blogpost-${postId}`

export class BlogPostNotFound extends DomainError {
  override readonly name = 'BlogPostNotFound'
  constructor() {
    super('not_found', 'No such blog post.')
  }
}

export class BlogPostExists extends DomainError {
  override readonly name = 'BlogPostExists'
  constructor() {
    super('conflict', 'This blog post already exists.')
  }
}

export class EmptyPostCannotBePublished extends DomainError {
  override readonly name = 'EmptyPostCannotBePublished'
  constructor() {
    super('invalid', 'Write some content before publishing the post.', {
      validationErrors: { content: 'Write some content before publishing the post.' },
    })
  }
}

/** The post's fields after normalising: an empty image URL means none. */
const fieldsOf = (postId: string, input: BlogPostInput) => ({
  postId,
  title: input.title,
  slug: input.slug,
  content: input.content,
  excerpt: input.excerpt,
  featuredImageUrl: input.featuredImageUrl === '' ? null : input.featuredImageUrl,
  categoryIds: [...new Set(input.categoryIds)],
})

export type BlogPostCommand =
  | { type: 'DraftPost'; postId: string; authorId: string; input: BlogPostInput; at: string }
  | { type: 'EditPost'; postId: string; input: BlogPostInput; at: string }
  | { type: 'PublishPost'; postId: string; at: string }
  | { type: 'UnpublishPost'; postId: string; at: string }
  | { type: 'DeletePost'; postId: string; at: string }

export interface BlogPostState {
  status: 'none' | 'draft' | 'published' | 'deleted'
  slug: string | null
  content: string
}

/** A post's life: drafted, edited, published and taken down again, deleted. */
export const blogPost: Decider<BlogPostCommand, BlogPostEvent, BlogPostState> = {
  initialState: () => ({ status: 'none', slug: null, content: '' }),
  evolve(state, event) {
    switch (event.type) {
      case 'BlogPostDrafted':
        return { status: 'draft', slug: event.data.slug, content: event.data.content }
      case 'BlogPostEdited':
        return { ...state, slug: event.data.slug, content: event.data.content }
      case 'BlogPostPublished':
        return { ...state, status: 'published' }
      case 'BlogPostUnpublished':
        return { ...state, status: 'draft' }
      case 'BlogPostDeleted':
        return { ...state, status: 'deleted' }
    }
  },
  decide(command, state) {
    if (command.type === 'DraftPost') {
      if (state.status !== 'none') throw new BlogPostExists()
      return [
        BlogPostDrafted({
          ...fieldsOf(command.postId, command.input),
          authorId: command.authorId,
          createdAt: command.at,
        }),
      ]
    }
    if (state.status === 'none' || state.status === 'deleted') throw new BlogPostNotFound()
    switch (command.type) {
      case 'EditPost':
        return [BlogPostEdited({ ...fieldsOf(command.postId, command.input), editedAt: command.at })]
      case 'PublishPost':
        if (state.status === 'published') return []
        if (state.content.trim() === '') throw new EmptyPostCannotBePublished()
        return [BlogPostPublished({ postId: command.postId, publishedAt: command.at })]
      case 'UnpublishPost':
        return state.status === 'published'
          ? [BlogPostUnpublished({ postId: command.postId, unpublishedAt: command.at })]
          : []
      case 'DeletePost':
        return [BlogPostDeleted({ postId: command.postId, deletedAt: command.at })]
    }
  },
}
