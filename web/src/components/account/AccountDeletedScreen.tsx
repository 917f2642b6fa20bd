import { Link } from '@tanstack/react-router'
import { buttonClass, secondaryButtonClass, ResultScreen } from './ResultScreen'

/** /account-deleted: where someone lands after deleting their account, signed out. */
export function AccountDeletedScreen() {
  return (
    <ResultScreen state="success" title="Your account has been deleted">
      <p>
        Your profile, watchlist, watched log with its ratings and reviews, avatar, friendships, recommendations,
        comments and reactions are gone, and you have been signed out on every device.
      </p>
      <p>Your username and email address are free again. Thank you for watching with us.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/sign_up" className={buttonClass}>
          Create a new account
        </Link>
        <Link to="/" className={secondaryButtonClass}>
          Go to the start page
        </Link>
      </div>
    </ResultScreen>
  )
}
