import { createFileRoute } from '@tanstack/react-router'
import { StaticPage } from '../components/shell/PublicShell'

export const Route = createFileRoute('/privacy')({
  component: () => (
    <StaticPage title="Privacy Policy" lede="What we keep about you, why, and how to make us forget it.">
      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: username, email, a scrambled (hashed) password, and the optional location, bio and avatar you
          add.
        </li>
        <li>
          Your lists and activity: watchlist, watched titles, ratings, reviews, reactions, comments and recommendations.
        </li>
        <li>
          Your friendships and the invitations you send, with the address you sent each one to (kept until you delete
          your account).
        </li>
        <li>Email preferences and, if you turn them on, a push notification subscription.</li>
      </ul>
      <h2>What we don't do</h2>
      <p>
        We don't sell your data and we don't show ads. We use a session cookie to keep you signed in — no tracking
        cookies.
      </p>
      <h2>Who sees what</h2>
      <p>
        Signed-in members can open your public profile: your username, avatar, bio, location, when you joined, your
        counts (watched, watchlist, friends), your favourite genres, your public watches with their ratings and reviews,
        and, once you have sent recommendations, how many were taken and your best pick with the rating it got. Your
        friends also see in their feed your public watches and each title you add to your watchlist (the watchlist has
        no private switch), and see your public watches and watchlist on the pages of those titles; a new friendship
        shows in the feeds of the two new friends. Who a recommendation went to, and its note, is seen by you and the
        person you send it to. No other member ever sees a watch you mark private or your email address.
      </p>
      <p>
        Reelmates' admins can see account details and activity, private watches and email addresses included, to run the
        service and answer you; each time an admin opens a member's history in our event log, it is recorded.
      </p>
      <h2>Your copy</h2>
      <p>
        On your profile, "Download all my data" gives you a file with your account details and settings, your watchlist,
        your watched titles with their ratings and reviews (private ones included), your friends and friend requests,
        the comments and reactions you gave, and the recommendations you sent and received. Other members appear in it
        by their username only.
      </p>
      <h2>Erasure</h2>
      <p>
        When you delete your account, the personal details in our records are made unreadable for good: we destroy the
        key they were encrypted with. A backup of our records made before you deleted still holds that key until the
        backup expires; after that, no copy can be read.
      </p>
    </StaticPage>
  ),
})
