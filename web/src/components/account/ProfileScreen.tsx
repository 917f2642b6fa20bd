import type { PublicUser } from '@reelmates/contracts/account'
import { useCurrentUser } from '../../features/account/currentUser'
import { useLogout } from '../../features/account/useLogout'
import { ProfileEditForm } from './ProfileEditForm'
import { useDocumentTitle } from '../../lib/documentTitle'

/** /profile: who you are on Reelmates and how we may reach you, and where you change it. */
export function ProfileScreen({ user: checkedUser }: { user: PublicUser }) {
  useDocumentTitle('Profile')
  const user = useCurrentUser().data ?? checkedUser
  const logout = useLogout()
  const since = new Date(user.createdAt)
  return (
    <section aria-labelledby="screen-title" className="grid gap-6">
      <header className="flex items-center gap-4">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="h-16 w-16 rounded-full object-cover" />
        ) : (
          <div
            className="grid h-16 w-16 place-items-center rounded-full bg-gradient-to-br from-reel to-gold text-2xl font-bold text-ink"
            aria-hidden="true"
          >
            {user.username.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div>
          <h1 id="screen-title" className="text-2xl font-bold text-white">
            {user.username}
          </h1>
          <p className="text-sm text-zinc-400">
            {user.location ? `${user.location} · ` : ''}Member since{' '}
            {Number.isNaN(since.getTime())
              ? '—'
              : since.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}
          </p>
        </div>
      </header>
      {user.bio ? <p className="max-w-prose text-zinc-300">{user.bio}</p> : null}
      <ProfileEditForm user={user} />
      <div>
        <button
          type="button"
          onClick={logout}
          className="rounded-xl border border-white/15 px-5 py-2.5 text-sm font-semibold text-zinc-100 hover:bg-white/5"
        >
          Log out
        </button>
      </div>
    </section>
  )
}
