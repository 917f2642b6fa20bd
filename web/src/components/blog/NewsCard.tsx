import type { NewsPostSummary } from '@reelmates/contracts/blog'
import { Link } from '@tanstack/react-router'
import { dayMonth } from '../social/socialStyles'
import { FeaturedImage } from './FeaturedImage'

/** One post in a news list: its image, categories, title, date and excerpt. */
export function NewsCard({ post }: { post: NewsPostSummary }) {
  return (
    <article className="overflow-hidden rounded-2xl bg-panel ring-1 ring-white/10">
      {post.featuredImageUrl ? (
        <FeaturedImage src={post.featuredImageUrl} lazy className="aspect-[16/9] w-full object-cover" />
      ) : null}
      {/* A word longer than the card is wide (a pasted address) breaks rather than being cut at its edge. */}
      <div className="grid gap-2 p-4 [overflow-wrap:anywhere] sm:p-5">
        <CategoryLinks categories={post.categories} />
        <h2 className="text-xl font-semibold text-white">
          <Link to="/news/$slug" params={{ slug: post.slug }} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-xs text-zinc-400">
          <time dateTime={post.publishedAt}>{dayMonth(post.publishedAt)}</time>
        </p>
        {post.excerpt ? <p className="text-zinc-300">{post.excerpt}</p> : null}
      </div>
    </article>
  )
}

export function CategoryLinks({ categories }: { categories: NewsPostSummary['categories'] }) {
  if (categories.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Categories">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            to="/news/category/$slug"
            params={{ slug: category.slug }}
            className="rounded-full bg-white/5 px-2.5 py-1 text-xs font-medium text-gold hover:bg-white/10"
          >
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}
