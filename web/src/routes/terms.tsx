import { createFileRoute, Link } from '@tanstack/react-router'
import { StaticPage } from '../components/shell/PublicShell'

export const Route = createFileRoute('/terms')({
  component: () => (
    <StaticPage title="Terms of Service" lede="The rules for using Reelmates, in plain words.">
      <h2>Your account</h2>
      <p>
        You need to be at least 13 to use Reelmates. Keep your password to yourself; you are responsible for what
        happens under your account.
      </p>
      <h2>What you post</h2>
      <p>
        Reviews, comments and notes stay yours. You allow us to show them as the app says it does: a public watch and
        its review to signed-in members on your profile and to your friends in their feed, a title added to your
        watchlist to your friends in their feed, a comment to those who can see what it is on, and a watchlist note or a
        private watch to no one but you. Don't post anything unlawful, hateful or that you don't have the right to
        share; we may suspend or delete the accounts that do.
      </p>
      <h2>Film and TV information</h2>
      <p>
        Titles, dates, genres and where they stream come from the catalogs named under Credits on the{' '}
        <Link to="/about" hash="credits">
          About page
        </Link>
        , and may be incomplete or out of date. Always check the streaming service itself.
      </p>
      <h2>Emails</h2>
      <p>
        We send account emails (password resets, sign-in links) and, unless you turn them off, occasional tips and
        digests. Every such email has an unsubscribe link.
      </p>
      <h2>Ending</h2>
      <p>
        You can delete your account at any time. We may change these terms; we'll tell you in the app before changes
        take effect.
      </p>
    </StaticPage>
  ),
})
