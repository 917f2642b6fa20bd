import { username as usernameSchema } from '@reelmates/contracts/account'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { isUsernameAvailable } from '../../features/account/accountCalls'
import { useCurrentUser } from '../../features/account/currentUser'
import { useDocumentTitle } from '../../lib/documentTitle'
import { PublicShell } from '../shell/PublicShell'

const panelClass = 'rounded-2xl border border-dashed border-white/10 bg-panel/60 p-8 text-center text-zinc-400'
const linkClass = 'rounded-xl bg-reel-fill px-5 py-2.5 text-sm font-semibold text-white hover:bg-reel-strong'

/**
 * Whether someone holds the name. There is no public-profile call yet; the username check answers the
 * one question this screen can honestly settle. A name no account could have (an email, say, which the
 * check would look up as one) is not asked about at all.
 */
function useProfileExists(name: string) {
  const possible = usernameSchema.safeParse(name).success
  const query = useQuery({
    queryKey: ['public-profile-exists', name],
    queryFn: async () => !(await isUsernameAvailable(name)),
    enabled: possible,
    staleTime: 60_000,
  })
  return possible ? query : { data: false, isPending: false, isError: false, refetch: query.refetch }
}

/** /profile/{username}: an open page, readable signed in or not (spec §2). */
export function PublicProfileScreen({ username }: { username: string }) {
  const { data: viewer } = useCurrentUser()
  const exists = useProfileExists(username)
  const home = viewer ? ({ to: '/home', label: 'Go home' } as const) : ({ to: '/sign_in', label: 'Sign in' } as const)
  useDocumentTitle(exists.data === false ? 'Profile not found' : username)

  if (exists.isPending) {
    return (
      <PublicShell>
        <p role="status" className={panelClass}>
          Looking for {username}…
        </p>
      </PublicShell>
    )
  }
  if (exists.isError) {
    return (
      <PublicShell>
        <section aria-labelledby="screen-title" className="grid gap-4 text-center">
          <h1 id="screen-title" className="text-2xl font-bold text-white">
            Couldn't load this profile
          </h1>
          <p className="text-zinc-400">Something went wrong while looking for {username}. Please try again.</p>
          <div>
            <button type="button" className={linkClass} onClick={() => void exists.refetch()}>
              Try again
            </button>
          </div>
        </section>
      </PublicShell>
    )
  }
  if (!exists.data) {
    return (
      <PublicShell>
        <section aria-labelledby="screen-title" className="grid justify-items-center gap-4 py-10 text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-reel">Profile not found</p>
          <h1 id="screen-title" className="text-3xl font-bold text-white">
            No one goes by that name
          </h1>
          <p className="max-w-md text-zinc-400">
            There is no Reelmates member called <span className="font-semibold text-zinc-200">{username}</span>. Check
            the spelling of the link you followed.
          </p>
          <Link to={home.to} className={linkClass}>
            {home.label}
          </Link>
        </section>
      </PublicShell>
    )
  }
  return (
    <PublicShell>
      <section aria-labelledby="screen-title" className="grid gap-6">
        <header className="flex items-center gap-4">
          <div
            className="grid h-16 w-16 place-items-center rounded-full bg-gradient-to-br from-reel to-gold text-2xl font-bold text-ink"
            aria-hidden="true"
          >
            {username.slice(0, 1).toUpperCase()}
          </div>
          <div>
            <h1 id="screen-title" className="text-2xl font-bold text-white">
              {username}
            </h1>
            <p className="text-sm text-zinc-400">Reelmates member</p>
          </div>
        </header>
        <div className={panelClass}>
          <p className="text-xs font-semibold uppercase tracking-widest text-gold">Coming soon</p>
          <p className="mt-2">
            Public profiles aren't built yet. Once they are, {username}'s shared watches and recommendations will show
            here.
          </p>
          <Link to={home.to} className={`${linkClass} mt-6 inline-block`}>
            {home.label}
          </Link>
        </div>
      </section>
    </PublicShell>
  )
}
