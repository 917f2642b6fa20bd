import type { BlogCategoryInput, BlogNameKind, BlogPostInput } from '@reelmates/contracts/blog'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand, type CommandMetadata } from '../handleCommand'
import { blogCategory, blogCategoryStreamId } from './blogCategory'
import { blogName, blogNameStreamId, nameKey } from './blogName'
import { blogPost, blogPostStreamId, type BlogPostCommand } from './blogPost'

/**
 * Saving a post or a category touches two kinds of stream: its own, and the streams of the unique
 * names it holds (slug, category name). Names are claimed first and given back when the save is
 * refused, so a refused save never keeps a name; a name the entity no longer uses is released last.
 */

interface Context {
  eventStore: EventStore
  metadata: CommandMetadata
}

type Name = { kind: BlogNameKind; value: string }

/** Claims or releases one name on its own stream; answers whether that changed who holds it. */
async function nameCommand(
  { eventStore, metadata }: Context,
  type: 'ClaimBlogName' | 'ReleaseBlogName',
  name: Name,
  ownerId: string,
): Promise<boolean> {
  const key = nameKey(name.value)
  const { events } = await handleCommand(eventStore, {
    decider: blogName,
    streamId: blogNameStreamId(name.kind, key),
    command: { type, kind: name.kind, key, ownerId },
    metadata,
  })
  return events.length > 0
}
const claim = (context: Context, name: Name, ownerId: string) => nameCommand(context, 'ClaimBlogName', name, ownerId)
const release = (context: Context, name: Name, ownerId: string) =>
  nameCommand(context, 'ReleaseBlogName', name, ownerId)

/**
 * Claims `wanted` for `ownerId`, runs `save`, then releases the names the saved entity held before
 * the save (`heldBefore`, read from the state `save` was decided on) and holds no more; all or
 * nothing. Both ends are read where the save was decided, never from a look-up before it: another
 * admin's save or delete may land in between, and its names are replaced (or kept) now too.
 */
async function withNames<T extends { decidedOn: unknown }>(
  context: Context,
  ownerId: string,
  wanted: readonly Name[],
  save: () => Promise<T>,
  heldBefore: (state: T['decidedOn']) => readonly Name[],
): Promise<T> {
  const claimed: Name[] = []
  try {
    // A name already held is claimed again without a change: it may have been given back meanwhile.
    for (const name of wanted) if (await claim(context, name, ownerId)) claimed.push(name)
    const saved = await save()
    const kept = (name: Name) => wanted.some((w) => w.kind === name.kind && nameKey(w.value) === nameKey(name.value))
    for (const name of heldBefore(saved.decidedOn).filter((name) => !kept(name))) await release(context, name, ownerId)
    return saved
  } catch (error) {
    for (const name of claimed) await release(context, name, ownerId)
    throw error
  }
}

const postNames = (slug: string | null): Name[] => (slug === null ? [] : [{ kind: 'post-slug', value: slug }])

/** A post's fields written by `command`, its slug claimed first and the one it replaced given back. */
function savePost(context: Context, postId: string, input: BlogPostInput, command: BlogPostCommand) {
  return withNames(
    context,
    postId,
    postNames(input.slug),
    () =>
      handleCommand(context.eventStore, {
        decider: blogPost,
        streamId: blogPostStreamId(postId),
        command,
        metadata: context.metadata,
      }),
    (post) => postNames(post.slug),
  )
}

export async function draftPost(context: Context, postId: string, authorId: string, input: BlogPostInput) {
  return savePost(context, postId, input, {
    type: 'DraftPost',
    postId,
    authorId,
    input,
    at: context.metadata.occurredAt,
  })
}

export async function editPost(context: Context, postId: string, input: BlogPostInput, basedOn?: string) {
  return savePost(context, postId, input, { type: 'EditPost', postId, input, basedOn, at: context.metadata.occurredAt })
}

/** A deleted post gives its slug back, so a new post may use it. */
export async function deletePost(context: Context, postId: string) {
  return withNames(
    context,
    postId,
    [],
    () =>
      handleCommand(context.eventStore, {
        decider: blogPost,
        streamId: blogPostStreamId(postId),
        command: { type: 'DeletePost', postId, at: context.metadata.occurredAt },
        metadata: context.metadata,
      }),
    (post) => postNames(post.slug),
  )
}

const categoryNames = (name: string | null, slug: string | null): Name[] => [
  ...(name === null ? [] : [{ kind: 'category-name' as const, value: name }]),
  ...(slug === null ? [] : [{ kind: 'category-slug' as const, value: slug }]),
]

export async function saveCategory(context: Context, categoryId: string, input: BlogCategoryInput, isNew: boolean) {
  return withNames(
    context,
    categoryId,
    categoryNames(input.name, input.slug),
    () =>
      handleCommand(context.eventStore, {
        decider: blogCategory,
        streamId: blogCategoryStreamId(categoryId),
        command: isNew ? { type: 'CreateCategory', categoryId, input } : { type: 'EditCategory', categoryId, input },
        metadata: context.metadata,
      }),
    (category) => categoryNames(category.name, category.slug),
  )
}

export async function deleteCategory(context: Context, categoryId: string) {
  return withNames(
    context,
    categoryId,
    [],
    () =>
      handleCommand(context.eventStore, {
        decider: blogCategory,
        streamId: blogCategoryStreamId(categoryId),
        command: { type: 'DeleteCategory', categoryId },
        metadata: context.metadata,
      }),
    (category) => categoryNames(category.name, category.slug),
  )
}
