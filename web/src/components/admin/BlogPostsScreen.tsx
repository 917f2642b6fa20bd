import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { PostStatusFilter } from '../../features/blog/blogCalls'
import { adminPostsQuery } from '../../features/blog/blogQueries'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { AdminScreen } from '../shell/AdminScreen'
import { AdminSearchField } from './AdminSearchField'
import { searchLimits } from '../../features/admin/searchLimits'
import { dayMonth, panel, primaryButton } from '../social/socialStyles'
import { BlogCategoriesPanel } from './BlogCategoriesPanel'
import { AdminLoadFailed } from './AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../shell/NotSavedOffline'

const filters: { value: PostStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
]

/** /admin/blog/posts: drafts and published posts with search, and the categories. */
export function BlogPostsScreen() {
  const [text, setText] = useState('')
  const [status, setStatus] = useState<PostStatusFilter>('all')
  const query = useDebouncedValue(text.trim(), 250)
  const posts = useQuery(adminPostsQuery(query, status))
  const failure = useShownFailure(posts)

  return (
    <AdminScreen title="Blog posts">
      {/* Columns that cannot grow past the screen: a long title or slug must not push "New post" and
          the categories off a phone's edge (a `truncate` line is as wide as its whole text otherwise). */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section className="grid min-w-0 grid-cols-1 content-start gap-4" aria-label="Posts">
          <div className="flex flex-wrap items-end gap-3">
            <AdminSearchField
              label="Search posts"
              value={text}
              placeholder="Title or slug"
              maxLength={searchLimits.posts}
              onChange={setText}
              className="grid min-w-0 flex-1 gap-1.5 text-sm text-zinc-300"
            />
            <Link to="/admin/blog/posts/$id" params={{ id: 'new' }} className={primaryButton}>
              New post
            </Link>
          </div>
          <div role="group" aria-label="Show" className="flex gap-2">
            {filters.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => setStatus(filter.value)}
                className={`rounded-full border border-white/10 px-3 py-1.5 text-sm ${status === filter.value ? 'bg-white text-zinc-900' : 'text-zinc-300 hover:bg-white/5'}`}
              >
                {filter.label}
              </button>
            ))}
          </div>
          {failure && !posts.data ? (
            <AdminLoadFailed error={failure} onRetry={() => void posts.refetch()} />
          ) : !posts.data ? (
            <LoadingLine what="posts" />
          ) : posts.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-white/10 px-6 py-10 text-center text-zinc-400">
              {query || status !== 'all' ? 'No post matches.' : 'No posts yet. Write the first one.'}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {posts.data.map((post) => (
                <li key={post.id} className={`${panel} min-w-0`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${post.published ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/5 text-zinc-300'}`}
                    >
                      {post.published ? 'Published' : 'Draft'}
                    </span>
                    <span className="text-xs text-zinc-400">
                      {post.published && post.publishedAt
                        ? `Published ${dayMonth(post.publishedAt)}`
                        : `Edited ${dayMonth(post.updatedAt)}`}
                    </span>
                  </div>
                  <h2 className="mt-2 font-semibold text-white [overflow-wrap:anywhere]">
                    <Link to="/admin/blog/posts/$id" params={{ id: post.id }} className="hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="truncate text-sm text-zinc-400">/news/{post.slug}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <BlogCategoriesPanel />
      </div>
    </AdminScreen>
  )
}
