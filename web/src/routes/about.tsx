import { createFileRoute } from '@tanstack/react-router'
import { CatalogCredits } from '../components/shell/CatalogCredits'
import { StaticPage } from '../components/shell/PublicShell'

export const Route = createFileRoute('/about')({
  component: () => (
    <StaticPage
      title="About Us"
      lede="Reelmates is where you find your next movie or show — and see what the people you trust are watching."
    >
      <p>
        Most evenings start with the same question: what should we watch? Streaming catalogues are huge, ratings sites
        are full of strangers, and the best recommendations still come from friends. Reelmates puts those together: a
        fast way to search any title, see where it streams, keep a watchlist and a diary of what you've watched, and
        follow the friends and family whose taste you know.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li>Your friends' opinions matter more than an average of millions of strangers.</li>
        <li>
          Knowing <em>where</em> to watch is as important as knowing what to watch.
        </li>
        <li>
          Your diary is yours: mark any watch private, export it whenever you like, delete your account and it's gone.
        </li>
      </ul>
      <h2>Who we are</h2>
      <p>
        Reelmates is built by a small team of film and TV fans. Streaming availability is shown for Netflix, Prime
        Video, Disney+, HBO Max and Hulu; where the titles come from is under Credits below.
      </p>
      <CatalogCredits />
    </StaticPage>
  ),
})
