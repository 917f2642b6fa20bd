import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../components/shell/PublicShell'

export const supportEmail = 'support@reelmates.app'

export const Route = createFileRoute('/contact')({
  component: () => (
    <StaticPage
      title="Contact"
      lede="Questions, bugs, a title that shows the wrong streaming service — we'd like to hear about it."
    >
      <h2>Support</h2>
      <p>
        Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Tell us your username (never your password) and
        what you were doing when something went wrong. We answer within two working days.
      </p>
      <h2>Privacy requests</h2>
      <p>
        Your profile has “Download all my data” for a copy of your account, lists, friends, comments, reactions and
        recommendations, and “Delete my account” to erase it. For anything else about your data, write to the same
        address with the subject “Privacy request”.
      </p>
      <h2>Press and partnerships</h2>
      <p>
        Write to <a href="mailto:hello@reelmates.app">hello@reelmates.app</a>.
      </p>
    </StaticPage>
  ),
})
