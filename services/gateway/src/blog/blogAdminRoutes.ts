import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  adminBlogCategoriesAnswer,
  adminBlogPostAnswer,
  adminBlogPostsAnswer,
  adminPostsQuery,
  blogCategoryAnswer,
  blogCategoryInput,
  blogDeletedAnswer,
  blogPostEdit,
  blogPostInput,
  idParams,
} from '@reelmates/contracts/blog'
import { hasUnreadNews } from '@reelmates/contracts/unreadNews'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { DomainError } from '@reelmates/commands/decider'
import { blogPost, blogPostStreamId } from '@reelmates/commands/blog/blogPost'
import { deleteCategory, deletePost, draftPost, editPost, saveCategory } from '@reelmates/commands/blog/blogEditing'
import { blogQueries } from '@reelmates/projections/blog/blogQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { currentUserId, requireAdmin } from '../http/auth'
import { commandMetadata, execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const tags = ['admin', 'blog']
const security = [{ csrf: [] }]
const notFound = () => new DomainError('not_found', 'No such blog post.')

/** The blog's editor (issue 14.6): posts (drafts and published) and categories, admins only. */
export const blogAdminRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const blog = () => blogQueries(platform.readStore)
  const context = (request: FastifyRequest) => ({
    eventStore: platform.eventStore,
    metadata: commandMetadata(request, currentUserId(request)),
  })
  const caughtUp = async (position: bigint | null) => {
    if (position !== null)
      await platform.projections.waitForPosition(
        position,
        platform.config.readYourWritesTimeoutMs,
        blogQueries.readModels,
      )
  }
  const hasReadAllNews = async (userId: string) => {
    const reader = await userQueries(platform.readStore).byId(userId)
    return reader !== null && !hasUnreadNews(await blog().latestPublishedAt(), reader.lastNewsVisit)
  }
  /**
   * The editor offers only the categories there are; one the API names that is not (a typo, or deleted
   * meanwhile) would vanish from the saved post without a word, so the save is refused instead.
   */
  const refuseUnknownCategories = async (categoryIds: readonly string[]) => {
    if (categoryIds.length === 0) return
    const known = new Set((await blog().categories()).map((category) => category.id))
    const unknown = categoryIds.find((id) => !known.has(id))
    if (unknown !== undefined)
      throw new DomainError('invalid', `There is no blog category with the id "${unknown}".`, {
        validationErrors: { categoryIds: 'Choose categories that exist.' },
      })
  }
  /** The post once the blog's read models have `position`; the answer carries `answered` (a later write of the request). */
  const postAfter = async (id: string, position: bigint | null, answered = position) => {
    await caughtUp(position)
    const post = await blog().adminById(id)
    if (!post) throw notFound()
    return withPosition(post, answered)
  }

  app.get(
    '/admin/blog/posts',
    {
      onRequest: requireAdmin,
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'Drafts and published posts, last changed first; search by title or slug',
        querystring: adminPostsQuery,
        response: { 200: adminBlogPostsAnswer },
      },
    },
    async (request) => ({ items: await blog().adminList(request.query.query, request.query.status) }),
  )

  app.get(
    '/admin/blog/posts/:id',
    {
      onRequest: requireAdmin,
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'One post, for the editor',
        params: idParams,
        response: { 200: adminBlogPostAnswer, 404: errorAnswer },
      },
    },
    async (request) => postAfter(request.params.id, null),
  )

  app.post(
    '/admin/blog/posts',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Write a new draft (its slug must be unused)',
        body: blogPostInput,
        response: { 201: adminBlogPostAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      await refuseUnknownCategories(request.body.categoryIds)
      const postId = platform.newId()
      const { position } = await draftPost(context(request), postId, currentUserId(request), request.body)
      return reply.code(201).send(await postAfter(postId, position))
    },
  )

  app.put(
    '/admin/blog/posts/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary:
          'Save a post (title, slug, Markdown content, excerpt, featured image, categories); with `basedOn`, refused (409) when the post changed since',
        params: idParams,
        body: blogPostEdit,
        response: { 200: adminBlogPostAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { basedOn, ...input } = request.body
      await refuseUnknownCategories(input.categoryIds)
      const { position } = await editPost(context(request), request.params.id, input, basedOn)
      return postAfter(request.params.id, position)
    },
  )

  app.delete(
    '/admin/blog/posts/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a post (its slug becomes free again)',
        params: idParams,
        response: { 200: blogDeletedAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const { position } = await deletePost(context(request), request.params.id)
      await caughtUp(position)
      return withPosition({ message: 'The post has been deleted.' }, position)
    },
  )

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/admin/blog/posts/:id/${action}`,
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          security,
          summary:
            action === 'publish'
              ? 'Publish a post now (publishedAt is now); it appears on /news and in the RSS feed'
              : 'Take a post off the news (it becomes a draft again)',
          params: idParams,
          response: { 200: adminBlogPostAnswer, 400: errorAnswer, 404: errorAnswer },
        },
      },
      async (request) => {
        const postId = request.params.id
        const at = platform.now().toISOString()
        const readAllNews = action === 'publish' && (await hasReadAllNews(currentUserId(request)))
        const { position } = await execute(request, {
          decider: blogPost,
          streamId: blogPostStreamId(postId),
          command: action === 'publish' ? { type: 'PublishPost', postId, at } : { type: 'UnpublishPost', postId, at },
        })
        // Whoever publishes a post has read it: it does not light their News dot. Only when they had read
        // everything before it: a visit recorded now would also hide posts of others they have not seen.
        if (readAllNews && position !== null) {
          const userId = currentUserId(request)
          const visit = await execute(request, {
            decider: account,
            streamId: accountStreamId(userId),
            command: { type: 'RecordNewsVisit', userId, at },
          })
          return postAfter(postId, position, visit.position ?? position)
        }
        return postAfter(postId, position)
      },
    )
  }

  app.get(
    '/admin/blog/categories',
    {
      onRequest: requireAdmin,
      config: readsFrom(blogQueries),
      schema: {
        tags,
        summary: 'Every category, with how many published posts and how many drafts it has',
        response: { 200: adminBlogCategoriesAnswer },
      },
    },
    async () => ({ items: await blog().adminCategories() }),
  )

  const categoryAfter = async (id: string, position: bigint | null) => {
    await caughtUp(position)
    const category = (await blog().categories()).find((c) => c.id === id)
    if (!category) throw new DomainError('not_found', 'No such blog category.')
    return withPosition(category, position)
  }

  app.post(
    '/admin/blog/categories',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Add a category (unique name and slug)',
        body: blogCategoryInput,
        response: { 201: blogCategoryAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const categoryId = platform.newId()
      const { position } = await saveCategory(context(request), categoryId, request.body, true)
      return reply.code(201).send(await categoryAfter(categoryId, position))
    },
  )

  app.put(
    '/admin/blog/categories/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Rename a category or change its slug or description',
        params: idParams,
        body: blogCategoryInput,
        response: { 200: blogCategoryAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { position } = await saveCategory(context(request), request.params.id, request.body, false)
      return categoryAfter(request.params.id, position)
    },
  )

  app.delete(
    '/admin/blog/categories/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a category (its posts stay, without it)',
        params: idParams,
        response: { 200: blogDeletedAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const { position } = await deleteCategory(context(request), request.params.id)
      await caughtUp(position)
      return withPosition({ message: 'The category has been deleted.' }, position)
    },
  )
}
