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

export class PostChangedSinceOpened extends DomainError {
  override readonly name = 'PostChangedSinceOpened'
  constructor() {
    super(
      'conflict',
      'This post was changed since you opened it (saved, published or unpublished elsewhere). Copy your changes, reload the post and save again.',
    )
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
  /** `basedOn`: when the post last changed as the editor knew it; a save over a later change is refused. */
  | { type: 'EditPost'; postId: string; input: BlogPostInput; basedOn?: string | undefined; at: string }
  | { type: 'PublishPost'; postId: string; at: string }
  | { type: 'UnpublishPost'; postId: string; at: string }
  | { type: 'DeletePost'; postId: string; at: string }

export interface BlogPostState {
  status: 'none' | 'draft' | 'published' | 'deleted'
  slug: string | null
  content: string
  /** When it last changed (drafted, edited, published or unpublished): the read model's `updatedAt`. */
  changedAt: string | null
}

/** A post's life: drafted, edited, published and taken down again, deleted. */
export const blogPost: Decider<BlogPostCommand, BlogPostEvent, BlogPostState> = {
  initialState: () => ({ status: 'none', slug: null, content: '', changedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'BlogPostDrafted':
        return { status: 'draft', slug: event.data.slug, content: event.data.content, changedAt: event.data.createdAt }
      case 'BlogPostEdited':
        return { ...state, slug: event.data.slug, content: event.data.content, changedAt: event.data.editedAt }
      case 'BlogPostPublished':
        return { ...state, status: 'published', changedAt: event.data.publishedAt }
      case 'BlogPostUnpublished':
        return { ...state, status: 'draft', changedAt: event.data.unpublishedAt }
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
        if (command.basedOn !== undefined && command.basedOn !== state.changedAt) throw new PostChangedSinceOpened()
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
