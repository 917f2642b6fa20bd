import type { PublicUser } from '@reelmates/contracts/account'
import { useCurrentUser } from '../../features/account/currentUser'
import { useLogout } from '../../features/account/useLogout'
import { AvatarEditor } from './AvatarEditor'
import { DeleteAccountDialog } from './DeleteAccountDialog'
import { DownloadMyData } from './DownloadMyData'
import { ProfileEditForm } from './ProfileEditForm'
import { ProfileStats } from './ProfileStats'
import { MyComments } from '../feed/MyComments'
import { useDocumentTitle } from '../../lib/documentTitle'
import { appLocale } from '../../lib/appLocale'
import { eachLineItsDirection } from '../../lib/textDirection'

/** /profile: who you are on Reelmates, your watching in numbers, and where you change your settings. */
export function ProfileScreen({ user: checkedUser }: { user: PublicUser }) {
  useDocumentTitle('Profile')
  const user = useCurrentUser().data ?? checkedUser
  const logout = useLogout()
  const since = new Date(user.createdAt)
  return (
    <section aria-labelledby="screen-title" className="grid gap-6">
      <header className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <AvatarEditor user={user} />
        <div className="text-center sm:pt-4 sm:text-left">
          <h1 id="screen-title" className="text-2xl font-bold text-white">
            {user.username}
          </h1>
          <p className="text-sm text-zinc-400">
            {user.location ? (
              <>
                <bdi>{user.location}</bdi> ·{' '}
              </>
            ) : null}
            Member since{' '}
            {Number.isNaN(since.getTime())
              ? '—'
              : since.toLocaleDateString(appLocale, { month: 'long', year: 'numeric' })}
          </p>
          {user.bio ? (
            // As the public profile shows it, so its owner reads it as every member does.
            <p dir="auto" className={`mt-2 max-w-prose whitespace-pre-line text-zinc-300 ${eachLineItsDirection}`}>
              {user.bio}
            </p>
          ) : null}
        </div>
      </header>
      <ProfileStats />
      <MyComments />
      {/* The settings are for the screen: a printed profile ends with what the member has watched. */}
      <div className="contents print:hidden">
        <h2 className="text-lg font-semibold text-white">Settings</h2>
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
        <DownloadMyData />
        <section aria-labelledby="delete-account-title" className="grid gap-2 rounded-2xl border border-red-400/20 p-5">
          <h2 id="delete-account-title" className="text-base font-semibold text-white">
            Delete account
          </h2>
          <p className="text-sm text-zinc-400">
            Erases your account and everything in it. You will be asked for your password first.
          </p>
          <div>
            <DeleteAccountDialog />
          </div>
        </section>
      </div>
    </section>
  )
}
