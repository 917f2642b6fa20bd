import type { BlogCategory } from '@reelmates/contracts/blog'
import { Link } from '@tanstack/react-router'

/**
 * The category chips above a news list. A category with no published post gets none (its chip led to
 * an empty list), except the one being read, so the reader still sees where they are.
 */
export function NewsCategoryNav({ active, categories }: { active?: string; categories: BlogCategory[] }) {
  const shown = categories.filter((category) => category.postCount > 0 || category.slug === active)
  if (shown.length === 0) return null
  const pill = 'shrink-0 rounded-full border border-white/10 px-3 py-1.5 text-sm'
  return (
    <nav aria-label="News categories" className="flex gap-2 overflow-x-auto pb-1">
      <Link to="/news" className={`${pill} ${active ? 'text-zinc-300 hover:bg-white/5' : 'bg-white text-zinc-900'}`}>
        All
      </Link>
      {shown.map((category) => (
        <Link
          key={category.slug}
          to="/news/category/$slug"
          params={{ slug: category.slug }}
          className={`${pill} ${active === category.slug ? 'bg-white text-zinc-900' : 'text-zinc-300 hover:bg-white/5'}`}
        >
          {category.name}
        </Link>
      ))}
    </nav>
  )
}
