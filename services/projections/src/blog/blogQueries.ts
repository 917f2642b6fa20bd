import type {
  AdminBlogCategory,
  AdminBlogPost,
  BlogCategory,
  NewsPage,
  NewsPost,
  NewsPostSummary,
} from '@reelmates/contracts/blog'
import { defineQueries, type QueryDb } from '../queries'
import { blog, blogCollections } from './blog'

export const newsPageSize = 10

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

interface PostDoc {
  _id: string
  id: string
  title: string
  slug: string
  content: string
  excerpt: string
  featuredImageUrl: string | null
  authorId: string
  published: boolean
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}
interface CategoryDoc {
  _id: string
  id: string
  name: string
  slug: string
  description: string | null
}
interface PairDoc {
  _id: string
  postId: string
  categoryId: string
}

function collections(db: QueryDb) {
  return {
    posts: db.collection<PostDoc & Record<string, unknown>>(blogCollections.posts),
    categories: db.collection<CategoryDoc & Record<string, unknown>>(blogCollections.categories),
    pairs: db.collection<PairDoc & Record<string, unknown>>(blogCollections.postCategories),
  }
}

/** The blog as the news pages, the RSS feed and the admin editor read it. */
export const blogQueries = defineQueries([blog], (db) => {
  const { posts, categories, pairs } = collections(db)

  /** Each post's categories (name order), for the posts given. */
  async function categoriesOf(postIds: readonly string[]): Promise<Map<string, CategoryDoc[]>> {
    const links = postIds.length === 0 ? [] : await pairs.find({ postId: { $in: [...postIds] } })
    const byId = new Map(
      (await categories.find({ _id: { $in: [...new Set(links.map((l) => l.categoryId))] } })).map((c) => [c._id, c]),
    )
    const answer = new Map<string, CategoryDoc[]>()
    for (const link of links) {
      const category = byId.get(link.categoryId)
      if (!category) continue
      answer.set(link.postId, [...(answer.get(link.postId) ?? []), category])
    }
    for (const list of answer.values()) list.sort((a, b) => a.name.localeCompare(b.name))
    return answer
  }

  async function categoriesCounted(): Promise<AdminBlogCategory[]> {
    const all = await categories.find({}, { sort: { name: 1 } })
    const published = new Map(
      (await posts.find({}, { projection: { _id: 1, published: 1 } })).map((p) => [p._id, p.published]),
    )
    const links = await pairs.find({})
    const count = (categoryId: string, wanted: boolean) =>
      links.filter((l) => l.categoryId === categoryId && published.get(l.postId) === wanted).length
    return all.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      postCount: count(c._id, true),
      draftCount: count(c._id, false),
    }))
  }

  const summaryOf = (doc: PostDoc, cats: readonly CategoryDoc[]): NewsPostSummary => ({
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt,
    featuredImageUrl: doc.featuredImageUrl,
    publishedAt: doc.publishedAt ?? doc.updatedAt,
    categories: cats.map((c) => ({ slug: c.slug, name: c.name })),
  })

  const adminOf = (doc: PostDoc, categoryIds: readonly string[]): AdminBlogPost => ({
    id: doc.id,
    title: doc.title,
    slug: doc.slug,
    content: doc.content,
    excerpt: doc.excerpt,
    featuredImageUrl: doc.featuredImageUrl,
    categoryIds: [...categoryIds],
    published: doc.published,
    publishedAt: doc.publishedAt,
    authorId: doc.authorId,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  })

  return {
    /** Published posts, newest first, optionally of one category (null when that category does not exist). */
    async publishedPage(page: number, categorySlug?: string): Promise<NewsPage | null> {
      const filter: Record<string, unknown> = { published: true }
      if (categorySlug !== undefined) {
        const category = await categories.findOne({ slug: categorySlug })
        if (!category) return null
        const ids = (await pairs.find({ categoryId: category._id })).map((pair) => pair.postId)
        filter._id = { $in: ids }
      }
      const total = await posts.countDocuments(filter)
      const docs = await posts.find(filter, {
        sort: { publishedAt: -1, _id: 1 },
        skip: (page - 1) * newsPageSize,
        limit: newsPageSize,
        projection: { content: 0 },
      })
      const cats = await categoriesOf(docs.map((d) => d._id))
      return { items: docs.map((d) => summaryOf(d, cats.get(d._id) ?? [])), page, pageSize: newsPageSize, total }
    },

    /**
     * The published post at this slug, or at one it had before (an address shared before a rename):
     * the answer carries the slug it has now. A slug in use wins over another post's former one.
     */
    async publishedBySlug(slug: string): Promise<NewsPost | null> {
      const doc =
        (await posts.findOne({ slug, published: true })) ??
        (await posts.find({ formerSlugs: slug, published: true }, { sort: { updatedAt: -1 }, limit: 1 }))[0]
      if (!doc) return null
      const cats = await categoriesOf([doc._id])
      return { ...summaryOf(doc, cats.get(doc._id) ?? []), content: doc.content, updatedAt: doc.updatedAt }
    },

    /** The newest published posts with their content, for the RSS feed. */
    async latestPublished(limit: number): Promise<NewsPost[]> {
      const docs = await posts.find({ published: true }, { sort: { publishedAt: -1, _id: 1 }, limit })
      const cats = await categoriesOf(docs.map((d) => d._id))
      return docs.map((d) => ({ ...summaryOf(d, cats.get(d._id) ?? []), content: d.content, updatedAt: d.updatedAt }))
    },

    async categoryBySlug(slug: string): Promise<CategoryDoc | null> {
      return categories.findOne({ slug })
    },

    /** Every category in name order, with how many published posts it has. */
    async categories(): Promise<BlogCategory[]> {
      return (await categoriesCounted()).map(({ draftCount: _drafts, ...category }) => category)
    },

    /** Every category in name order, with how many published posts and how many drafts it has. */
    async adminCategories(): Promise<AdminBlogCategory[]> {
      return categoriesCounted()
    },

    /** Drafts and published posts for the admin list: newest change first, title or slug search. */
    async adminList(query: string | undefined, status: 'all' | 'draft' | 'published'): Promise<AdminBlogPost[]> {
      const filter: Record<string, unknown> = {}
      if (status !== 'all') filter.published = status === 'published'
      if (query) {
        const pattern = { $regex: escapeRegex(query), $options: 'i' }
        filter.$or = [{ title: pattern }, { slug: pattern }]
      }
      const docs = await posts.find(filter, { sort: { updatedAt: -1, _id: 1 }, limit: 200 })
      const cats = await categoriesOf(docs.map((d) => d._id))
      return docs.map((d) =>
        adminOf(
          d,
          (cats.get(d._id) ?? []).map((c) => c.id),
        ),
      )
    },

    async adminById(id: string): Promise<AdminBlogPost | null> {
      const doc = await posts.findOne({ _id: id })
      if (!doc) return null
      const links = await pairs.find({ postId: id })
      const known = new Set((await categories.find({ _id: { $in: links.map((l) => l.categoryId) } })).map((c) => c._id))
      return adminOf(
        doc,
        links.map((l) => l.categoryId).filter((c) => known.has(c)),
      )
    },

    /** When the newest post was published: the unread-news dot compares it with the user's last visit. */
    async latestPublishedAt(): Promise<string | null> {
      const [newest] = await posts.find({ published: true }, { sort: { publishedAt: -1 }, limit: 1 })
      return newest?.publishedAt ?? null
    },
  }
})
