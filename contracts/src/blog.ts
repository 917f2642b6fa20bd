import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { shownText } from './text'

/**
 * The blog (spec §3 blog_categories, blog_posts, blog_post_categories) as events. A post lives in
 * `blogpost-<id>`, a category in `blogcategory-<id>`; a slug (or a category's name) belongs to one owner
 * at a time through its own stream `blogname-<kind>-<key>`, which is what makes it unique.
 */

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slug = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(120, 'Slug can be at most 120 characters')
  .regex(slugPattern, 'Slug may contain only lowercase letters, digits and single hyphens')

const imageUrl = z
  .string()
  .trim()
  .max(2048, 'Image URL can be at most 2048 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value), {
    message: 'Featured image must be an http(s) URL or a path on this site',
  })

// ---- Requests ----

export const blogPostInput = z.object({
  // A title or a name of invisible characters only would publish a card or a chip with nothing to read.
  title: shownText('Title is required').max(200, 'Title can be at most 200 characters'),
  slug,
  content: z.string().max(100_000, 'Content can be at most 100,000 characters'),
  excerpt: z.string().trim().max(500, 'Excerpt can be at most 500 characters'),
  featuredImageUrl: imageUrl.nullable(),
  categoryIds: z.array(z.string().min(1).max(100)).max(20, 'A post can have at most 20 categories'),
})
export type BlogPostInput = z.infer<typeof blogPostInput>

/**
 * A save of an existing post. `basedOn` is the post's `updatedAt` as the editor last had it (opened,
 * saved or published): a save over a change made since, by another admin or another tab, is refused
 * (409) rather than undoing it. Without it the save is taken as it comes.
 */
export const blogPostEdit = blogPostInput.extend({
  basedOn: z.string().max(64, 'basedOn can be at most 64 characters').optional(),
})
export type BlogPostEdit = z.infer<typeof blogPostEdit>

export const blogCategoryInput = z.object({
  name: shownText('Name is required').max(60, 'Name can be at most 60 characters'),
  slug,
  description: z.string().trim().max(300, 'Description can be at most 300 characters').nullable(),
})
export type BlogCategoryInput = z.infer<typeof blogCategoryInput>

export const idParams = z.object({ id: z.string().min(1).max(100) })
export const slugParams = z.object({ slug: z.string().min(1).max(120) })

export const newsPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  category: slug.optional(),
})

export const adminPostsQuery = z.object({
  query: z.string().trim().max(100, 'Search text can be at most 100 characters').optional(),
  status: z.enum(['all', 'draft', 'published']).default('all'),
})

// ---- Responses ----

export const blogCategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  postCount: z.number().int(),
})
export type BlogCategory = z.infer<typeof blogCategory>
export const blogCategoriesAnswer = z.object({ items: z.array(blogCategory) })

/**
 * A category as the admins' list shows it: `postCount` counts its published posts, as on the news;
 * `draftCount` its drafts too, which only admins are told of (a visitor learns of no unpublished post).
 */
export const adminBlogCategory = blogCategory.extend({ draftCount: z.number().int() })
export type AdminBlogCategory = z.infer<typeof adminBlogCategory>
export const adminBlogCategoriesAnswer = z.object({ items: z.array(adminBlogCategory) })

const categoryRef = z.object({ slug: z.string(), name: z.string() })

export const newsPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  featuredImageUrl: z.string().nullable(),
  publishedAt: z.string(),
  categories: z.array(categoryRef),
})
export type NewsPostSummary = z.infer<typeof newsPostSummary>

export const newsPage = z.object({
  items: z.array(newsPostSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type NewsPage = z.infer<typeof newsPage>

export const newsPost = newsPostSummary.extend({ content: z.string(), updatedAt: z.string() })
export type NewsPost = z.infer<typeof newsPost>

export const adminBlogPost = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImageUrl: z.string().nullable(),
  categoryIds: z.array(z.string()),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  authorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminBlogPost = z.infer<typeof adminBlogPost>
export const adminBlogPostAnswer = adminBlogPost.extend({ position: z.string().optional() })
export const adminBlogPostsAnswer = z.object({ items: z.array(adminBlogPost.omit({ content: true })) })
export const blogCategoryAnswer = blogCategory.extend({ position: z.string().optional() })
export const blogDeletedAnswer = z.object({ message: z.string(), position: z.string().optional() })

// ---- Events ----

const postFields = {
  postId: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImageUrl: z.string().nullable(),
  categoryIds: z.array(z.string()),
}

export const BlogPostDrafted = defineEvent(
  'BlogPostDrafted',
  z.object({ ...postFields, authorId: z.string(), createdAt: z.string() }),
)
/** The post as it is after the edit (every field), so a projector needs no earlier event to apply it. */
export const BlogPostEdited = defineEvent('BlogPostEdited', z.object({ ...postFields, editedAt: z.string() }))
export const BlogPostPublished = defineEvent(
  'BlogPostPublished',
  z.object({ postId: z.string(), publishedAt: z.string() }),
)
export const BlogPostUnpublished = defineEvent(
  'BlogPostUnpublished',
  z.object({ postId: z.string(), unpublishedAt: z.string() }),
)
export const BlogPostDeleted = defineEvent('BlogPostDeleted', z.object({ postId: z.string(), deletedAt: z.string() }))

const categoryFields = {
  categoryId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
}
export const BlogCategoryCreated = defineEvent('BlogCategoryCreated', z.object(categoryFields))
export const BlogCategoryEdited = defineEvent('BlogCategoryEdited', z.object(categoryFields))
export const BlogCategoryDeleted = defineEvent('BlogCategoryDeleted', z.object({ categoryId: z.string() }))

/** What a name stream guards: a post's slug, a category's slug, a category's name. */
export const blogNameKinds = ['post-slug', 'category-slug', 'category-name'] as const
export type BlogNameKind = (typeof blogNameKinds)[number]
const nameFields = { kind: z.enum(blogNameKinds), key: z.string(), ownerId: z.string() }
export const BlogNameClaimed = defineEvent('BlogNameClaimed', z.object(nameFields))
export const BlogNameReleased = defineEvent('BlogNameReleased', z.object(nameFields))

export type BlogPostEvent =
  | EventOf<typeof BlogPostDrafted>
  | EventOf<typeof BlogPostEdited>
  | EventOf<typeof BlogPostPublished>
  | EventOf<typeof BlogPostUnpublished>
  | EventOf<typeof BlogPostDeleted>
export type BlogCategoryEvent =
  EventOf<typeof BlogCategoryCreated> | EventOf<typeof BlogCategoryEdited> | EventOf<typeof BlogCategoryDeleted>
export type BlogNameEvent = EventOf<typeof BlogNameClaimed> | EventOf<typeof BlogNameReleased>
