import type { CatalogStatus } from '@reelmates/contracts/catalog'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { catalogPaths } from '../../features/catalog/catalogPaths'

const links = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/contact', label: 'Contact' },
] as const

/**
 * Spec §2: the footer links on every screen, and whose data the titles are. The credit follows the
 * catalog in use: TMDB's notice only when TMDB serves the titles, the offline data's sources otherwise.
 */
export function Footer() {
  // The default query function GETs the key's path (the same key as catalogQueries.status, which
  // would pull the discovery calls into every page's bundle); the catalog never changes while it runs.
  const { data: catalog } = useQuery<CatalogStatus>({ queryKey: [catalogPaths.status], staleTime: Infinity })
  return (
    <footer className="mt-16 border-t border-white/5 px-4 pb-24 pt-8 text-sm text-zinc-400 md:pb-10">
      <nav aria-label="Footer" className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="rounded hover:text-white">
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="mx-auto mt-4 max-w-3xl text-center text-xs text-zinc-400">
        © {new Date().getFullYear()} Reelmates
        {catalog?.attribution ? ` · ${catalog.attribution}` : ''}
      </p>
    </footer>
  )
}
