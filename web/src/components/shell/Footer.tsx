import { Link } from '@tanstack/react-router'

const links = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/contact', label: 'Contact' },
] as const

/**
 * Spec §2: the footer links on every screen. Whose data the titles are is said once, on the About
 * page's credits (issue 15.5), rather than in a paragraph under every screen.
 */
export function Footer() {
  return (
    <footer className="mt-16 border-t border-white/5 px-4 pb-24 pt-8 text-sm text-zinc-400 md:pb-10 print:hidden">
      {/* Each link a finger's target (WCAG 2.5.8: 24 px and more), not only its line of text. */}
      <nav aria-label="Footer" className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="rounded py-2 hover:text-white">
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="mx-auto mt-4 max-w-3xl text-center text-xs text-zinc-400">
        © {new Date().getFullYear()} Reelmates ·{' '}
        <Link to="/about" hash="credits" className="underline hover:text-white">
          Credits and licences
        </Link>
      </p>
    </footer>
  )
}
