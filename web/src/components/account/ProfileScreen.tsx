import type { PublicUser } from '@reelmates/contracts/account'
import { useCurrentUser } from '../../features/account/currentUser'
import { useLogout } from '../../features/account/useLogout'

/** /profile: who you are on Reelmates and how we may reach you. Editing arrives with the profile work. */
export function ProfileScreen({ user: checkedUser }: { user: PublicUser }) {
  const user = useCurrentUser().data ?? checkedUser
  const logout = useLogout()
  const since = new Date(user.createdAt)
  return (
    <section aria-labelledby="screen-title" className="grid gap-6">
      <header className="flex items-center gap-4">
        <div
          className="grid h-16 w-16 place-items-center rounded-full bg-gradient-to-br from-reel to-gold text-2xl font-bold text-ink"
          aria-hidden="true"
        >
          {user.username.slice(0, 1).toUpperCase()}
        </div>
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
      <dl className="grid gap-3 rounded-2xl border border-white/5 bg-panel p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-zinc-400">Email</dt>
          <dd className="text-white">{user.email}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Digest</dt>
          <dd className="capitalize text-white">{user.digestType}</dd>
        </div>
        <div id="email-preferences">
          <dt className="text-zinc-400">Tips and news emails</dt>
          <dd className="text-white">{user.receiveCampaignEmails ? 'On' : 'Off'}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Push notifications</dt>
          <dd className="text-white">{user.pushNotificationsEnabled ? 'On' : 'Off'}</dd>
        </div>
      </dl>
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
