import type { NewsPage } from '@reelmates/contracts/blog'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { blogCategoriesQuery, newsPageQuery } from '../../features/blog/blogQueries'
import { useRecordNewsVisit } from '../../features/blog/unreadNews'
import { isApiError } from '../../lib/apiError'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'
import { PublicShell } from '../shell/PublicShell'
import { NewsCard } from './NewsCard'
import { NewsCategoryNav } from './NewsCategoryNav'
import { TryAgain } from '../shell/TryAgain'
import { useShownFailure } from '../../lib/shownFailure'

interface NewsListScreenProps {
  page: number
  /** A category's slug: only its posts. */
  category?: string
}

/** /news and /news/category/{slug}: published posts, newest first, ten a page. */
export function NewsListScreen({ page, category }: NewsListScreenProps) {
  const posts = useQuery(newsPageQuery(page, category))
  const failure = useShownFailure(posts)
  const categories = useQuery(blogCategoriesQuery())
  const current = categories.data?.find((c) => c.slug === category)
  const missingCategory = isApiError(failure) && failure.status === 404
  // A category nobody made is named as missing, as a post or a profile nobody has is ("News: News" before).
  const heading = missingCategory ? 'Category not found' : category ? (current?.name ?? 'News') : 'News'
  useDocumentTitle(missingCategory ? heading : category ? `News: ${heading}` : 'News')
  useRecordNewsVisit()

  return (
    <PublicShell>
      <section aria-labelledby="screen-title" className="grid gap-6">
        <header>
          <h1 id="screen-title" className="text-3xl font-bold tracking-tight text-white">
            {heading}
          </h1>
          <p className="mt-2 text-zinc-400">
            {current?.description ?? 'Release round-ups, what is new in Reelmates, and picks from our team.'}{' '}
            <a href="/news/rss.xml" className="text-sm text-reel hover:underline">
              RSS feed
            </a>
          </p>
        </header>
        <NewsCategoryNav active={category} categories={categories.data ?? []} />
        {!posts.data && !failure ? (
          <Loading what="This page of news">
            <p aria-hidden="true" className="text-zinc-400">
              Loading the news…
            </p>
          </Loading>
        ) : missingCategory ? (
          <p className="text-zinc-400">There is no news category at this address.</p>
        ) : !posts.data ? (
          <div role="alert">
            <p className="text-red-300">
              The news could not be loaded. {failure instanceof Error ? failure.message : null}
            </p>
            <TryAgain onRetry={() => void posts.refetch()} failure={failure} />
          </div>
        ) : posts.data.items.length === 0 && posts.data.total > 0 ? (
          // An address past the last page (a list shortened since it was shared, a hand-edited page number).
          <p className="rounded-2xl border border-dashed border-white/10 px-6 py-12 text-center text-zinc-400">
            There is no page {page} of {category ? `“${heading}”` : 'the news'}: it ends on page{' '}
            {lastPageOf(posts.data)}.{' '}
            <NewsPageLink category={category} page={lastPageOf(posts.data)}>
              Go to page {lastPageOf(posts.data)}
            </NewsPageLink>
          </p>
        ) : posts.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-white/10 px-6 py-12 text-center text-zinc-400">
            No posts have been published here yet — check back soon.
          </p>
        ) : (
          <>
            <div className="grid gap-6">
              {posts.data.items.map((post) => (
                <NewsCard key={post.slug} post={post} />
              ))}
            </div>
            <NewsPager page={page} lastPage={lastPageOf(posts.data)} category={category} />
          </>
        )}
        {category ? (
          <Link to="/news" className="text-sm font-semibold text-reel hover:underline">
            ← All news
          </Link>
        ) : null}
      </section>
    </PublicShell>
  )
}

const lastPageOf = ({ total, pageSize }: NewsPage) => Math.max(1, Math.ceil(total / pageSize))

/** A link to one page of the news, or of one category's. */
function NewsPageLink({
  category,
  page,
  className = 'font-semibold text-reel hover:underline',
  children,
}: {
  category?: string
  page: number
  className?: string
  children: ReactNode
}) {
  return category ? (
    <Link to="/news/category/$slug" params={{ slug: category }} search={{ page }} className={className}>
      {children}
    </Link>
  ) : (
    <Link to="/news" search={{ page }} className={className}>
      {children}
    </Link>
  )
}

const pagerStep = 'rounded-full bg-panel px-4 py-2 text-sm font-medium text-zinc-100 ring-1 ring-white/10'

/**
 * Previous / next as links to the pages' own addresses, not buttons: a reader can open the next page
 * in a new tab and a crawler can follow it to the older posts. The window goes back to the top as on
 * any change of address (`ScrollToTop`). A step with nowhere to go stays in its place, dimmed, and is
 * left out for screen readers ("Page 1 of 3" says where the reader is).
 */
function NewsPager({ page, lastPage, category }: { page: number; lastPage: number; category?: string }) {
  if (lastPage <= 1) return null
  const step = (to: number, label: string) =>
    to >= 1 && to <= lastPage ? (
      <NewsPageLink category={category} page={to} className={`${pagerStep} transition hover:bg-panel-2`}>
        {label}
      </NewsPageLink>
    ) : (
      <span aria-hidden="true" className={`${pagerStep} opacity-40`}>
        {label}
      </span>
    )
  return (
    <nav aria-label="News pages" className="mt-10 flex items-center justify-center gap-4">
      {step(page - 1, '← Previous')}
      <span className="text-sm text-zinc-400" aria-current="page">
        Page {page} of {lastPage}
      </span>
      {step(page + 1, 'Next →')}
    </nav>
  )
}
