import {
  BlogCategoryCreated,
  BlogCategoryDeleted,
  BlogCategoryEdited,
  BlogPostDeleted,
  BlogPostDrafted,
  BlogPostEdited,
  BlogPostPublished,
  BlogPostUnpublished,
} from '@reelmates/contracts/blog'
import type { Doc } from '@reelmates/infra/readStore/port'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

/** Spec §3's three blog tables, as collections of the same names. */
export const blogCollections = {
  posts: 'blog_posts',
  categories: 'blog_categories',
  postCategories: 'blog_post_categories',
} as const
const revisions = 'blog_revisions'

const handles = [
  BlogPostDrafted,
  BlogPostEdited,
  BlogPostPublished,
  BlogPostUnpublished,
  BlogPostDeleted,
  BlogCategoryCreated,
  BlogCategoryEdited,
  BlogCategoryDeleted,
] as const

/**
 * Posts (drafts and published), categories, and which post is in which category (one document per
 * pair, `_id` `<postId>:<categoryId>`, so a pair is unique). A deleted post or category is removed
 * with its pairs. Each post keeps the slugs it had before (`formerSlugs`), so an address shared
 * before a rename still finds it.
 */
export const blog = defineProjector({
  name: 'blog',
  // 2: former slugs, gathered from every rename since the first post.
  version: 2,
  collections: [blogCollections.posts, blogCollections.categories, blogCollections.postCategories, revisions],
  handles,

  async setup(db) {
    await db.collection(blogCollections.posts).createIndex({ keys: { slug: 1 } })
    await db.collection(blogCollections.posts).createIndex({ keys: { formerSlugs: 1 } })
    await db.collection(blogCollections.posts).createIndex({ keys: { published: 1, publishedAt: -1 } })
    await db.collection(blogCollections.categories).createIndex({ keys: { slug: 1 } })
    await db.collection(blogCollections.postCategories).createIndex({ keys: { categoryId: 1 } })
    await db.collection(blogCollections.postCategories).createIndex({ keys: { postId: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function setPostCategories(db: ProjectorDb, postId: string, categoryIds: readonly string[]) {
  const pairs = db.collection(blogCollections.postCategories)
  await pairs.deleteMany({ postId })
  if (categoryIds.length > 0)
    await pairs.insertMany(categoryIds.map((categoryId) => ({ _id: `${postId}:${categoryId}`, postId, categoryId })))
}

/** The slugs a post had before, once its slug is `slug`: the one it leaves last, and never the one it takes back. */
function formerSlugsAfter(before: Doc | null, slug: string): string[] {
  const earlier = Array.isArray(before?.formerSlugs) ? (before.formerSlugs as string[]) : []
  const left = typeof before?.slug === 'string' && before.slug !== slug ? [before.slug] : []
  return [...earlier.filter((former) => former !== slug && !left.includes(former)), ...left]
}

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const posts = db.collection(blogCollections.posts)
  const categories = db.collection(blogCollections.categories)
  switch (event.type) {
    case 'BlogPostDrafted': {
      const { categoryIds, ...data } = event.data
      await posts.replaceOne(
        { _id: data.postId },
        {
          _id: data.postId,
          id: data.postId,
          title: data.title,
          slug: data.slug,
          formerSlugs: [],
          content: data.content,
          excerpt: data.excerpt,
          featuredImageUrl: data.featuredImageUrl,
          authorId: data.authorId,
          published: false,
          publishedAt: null,
          createdAt: data.createdAt,
          updatedAt: data.createdAt,
        },
        { upsert: true },
      )
      await setPostCategories(db, data.postId, categoryIds)
      return
    }
    case 'BlogPostEdited': {
      const { postId, categoryIds, editedAt, ...fields } = event.data
      const before = await posts.findOne({ _id: postId }, { projection: { slug: 1, formerSlugs: 1 } })
      const formerSlugs = formerSlugsAfter(before, fields.slug)
      await posts.updateOne({ _id: postId }, { $set: { ...fields, formerSlugs, updatedAt: editedAt } })
      await setPostCategories(db, postId, categoryIds)
      return
    }
    case 'BlogPostPublished':
      await posts.updateOne(
        { _id: event.data.postId },
        { $set: { published: true, publishedAt: event.data.publishedAt, updatedAt: event.data.publishedAt } },
      )
      return
    case 'BlogPostUnpublished':
      await posts.updateOne(
        { _id: event.data.postId },
        { $set: { published: false, updatedAt: event.data.unpublishedAt } },
      )
      return
    case 'BlogPostDeleted':
      await posts.deleteOne({ _id: event.data.postId })
      await db.collection(blogCollections.postCategories).deleteMany({ postId: event.data.postId })
      return
    case 'BlogCategoryCreated':
    case 'BlogCategoryEdited': {
      const { categoryId, name, slug, description } = event.data
      await categories.replaceOne(
        { _id: categoryId },
        { _id: categoryId, id: categoryId, name, slug, description },
        { upsert: true },
      )
      return
    }
    case 'BlogCategoryDeleted':
      await categories.deleteOne({ _id: event.data.categoryId })
      await db.collection(blogCollections.postCategories).deleteMany({ categoryId: event.data.categoryId })
      return
  }
}
