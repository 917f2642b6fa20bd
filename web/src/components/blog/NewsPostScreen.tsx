import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { newsPostQuery } from '../../features/blog/blogQueries'
import { useRecordPostRead } from '../../features/blog/unreadNews'
import { isApiError } from '../../lib/apiError'
import { useDocumentTitle } from '../../lib/documentTitle'
import { PublicShell } from '../shell/PublicShell'
import { dayMonth } from '../social/socialStyles'
import { MarkdownContent } from './MarkdownContent'
import { CategoryLinks } from './NewsCard'
import { FeaturedImage } from './FeaturedImage'
import { Loading } from '../shell/NotSavedOffline'
import { TryAgain } from '../shell/TryAgain'
import { useShownFailure } from '../../lib/shownFailure'

/**
 * /news/{slug}: one published post. Its title and description for link previews are written into the
 * HTML by the server (crawlers run no script); here the tab title follows the post.
 */
export function NewsPostScreen({ slug }: { slug: string }) {
  const post = useQuery(newsPostQuery(slug))
  const failure = useShownFailure(post)
  const missing = isApiError(failure) && failure.status === 404
  useDocumentTitle(post.data?.title ?? (missing ? 'Post not found' : 'News'))
  useRecordPostRead(post.data?.publishedAt)
  // An address from before the post's slug changed: the address bar takes the one it has now.
  const navigate = useNavigate()
  const current = post.data?.slug
  useEffect(() => {
    if (current !== undefined && current !== slug)
      void navigate({ to: '/news/$slug', params: { slug: current }, replace: true })
  }, [current, slug, navigate])

  return (
    <PublicShell>
      {!post.data && !failure ? (
        <Loading what="This post">
          <p aria-hidden="true" className="text-zinc-400">
            Loading the post…
          </p>
        </Loading>
      ) : !post.data ? (
        <section aria-labelledby="screen-title">
          <h1 id="screen-title" className="text-3xl font-bold tracking-tight text-white">
            {missing ? 'Post not found' : 'The post could not be loaded'}
          </h1>
          {/* A failure that came after "Loading the post…" is said, as a title's or a profile's is. */}
          <p role={missing ? undefined : 'alert'} className="mt-3 text-zinc-400">
            {missing ? 'There is no published post at this address.' : messageOf(failure)}
          </p>
          {missing ? null : <TryAgain onRetry={() => void post.refetch()} failure={failure} className="mt-4 text-sm" />}
        </section>
      ) : (
        // One column that cannot grow past the page (`grid-cols-1` is minmax(0, 1fr)), and words that
        // break where they must: a long word or code line must not widen the page for every reader.
        <article aria-labelledby="screen-title" className="grid grid-cols-1 gap-5 [overflow-wrap:anywhere]">
          <CategoryLinks categories={post.data.categories} />
          <h1 id="screen-title" className="text-3xl font-bold tracking-tight text-white md:text-4xl">
            {post.data.title}
          </h1>
          <p className="text-sm text-zinc-400">
            <time dateTime={post.data.publishedAt}>{dayMonth(post.data.publishedAt)}</time>
          </p>
          {post.data.featuredImageUrl ? (
            <FeaturedImage src={post.data.featuredImageUrl} className="aspect-[16/9] w-full rounded-2xl object-cover" />
          ) : null}
          <MarkdownContent source={post.data.content} />
        </article>
      )}
      <Link to="/news" className="mt-8 inline-block text-sm font-semibold text-reel hover:underline">
        ← All news
      </Link>
    </PublicShell>
  )
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure))
