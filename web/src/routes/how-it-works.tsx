import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../components/shell/PublicShell'

export const Route = createFileRoute('/how-it-works')({
  component: () => (
    <StaticPage title="How It Works" lede="Four steps from “what should we watch?” to pressing play.">
      <h2>1. Find a title</h2>
      <p>
        Search any movie or show with instant suggestions, or browse popular films and series and what each streaming
        service has.
      </p>
      <h2>2. See where it streams</h2>
      <p>
        Every title page shows the essentials, the trailer when there is one, and which of your services carries it when
        we know — and each streaming service has its own page of titles you can stream on it, so you don't open five
        apps to find something.
      </p>
      <h2>3. Keep your lists</h2>
      <p>
        Add titles to your watchlist and put them in the order you want to watch them. When you've watched something,
        log it with a rating, a short review and where you watched it. Any watch can be private.
      </p>
      <h2>4. Share with your people</h2>
      <p>
        Find friends and family by username or invite them by email. Once they accept, what they watch and add comes to
        your feed, with their ratings and reviews, and every title page shows which of your friends watched it, how they
        rated it, and how many keep it on their watchlist. A watch you mark private stays out of sight.
      </p>
      <h2>Install it</h2>
      <p>
        Reelmates works in any modern browser and can be installed to your home screen or desktop, where it opens
        instantly and keeps working on a shaky connection.
      </p>
    </StaticPage>
  ),
})
