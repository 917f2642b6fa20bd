import { Link } from '@tanstack/react-router'
import { PublicShell } from './PublicShell'
import { useDocumentTitle } from '../../lib/documentTitle'

/** /news, /news/{slug} and /news/category/{slug}: the Reelmates blog. */
export function NewsScreen({ slug, category }: { slug?: string; category?: string }) {
  const heading = slug ? 'Post not found' : category ? `News: ${category.replaceAll('-', ' ')}` : 'News'
  useDocumentTitle(heading)
  return (
    <PublicShell>
      <section aria-labelledby="screen-title">
        <h1 id="screen-title" className="text-3xl font-bold capitalize tracking-tight text-white">
          {heading}
        </h1>
        <p className="mt-3 text-zinc-400">
          {slug
            ? 'There is no published post at this address yet.'
            : 'Release round-ups, what is new in Reelmates, and picks from our team. No posts have been published yet — check back soon.'}
        </p>
        {slug || category ? (
          <Link to="/news" className="mt-6 inline-block text-sm font-semibold text-reel hover:underline">
            ← All news
          </Link>
        ) : null}
      </section>
    </PublicShell>
  )
}
