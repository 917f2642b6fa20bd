import { useEffect, useState } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import { isInstalledApp } from '../../lib/installedApp'
import { BrandMark } from './Brand'

/** Spec §9: once the auth state is known, the splash stays 500 ms for a signed-in user, 300 ms otherwise. */
export const splashMs = { authenticated: 500, anonymous: 300 } as const

/** The installed app opens on a splash until it knows who is signed in (spec §4). */
export function Splash() {
  const [installed] = useState(isInstalledApp)
  // In a tab there is no splash, and no reason to watch the current user: mounted, a watcher of a
  // user fresh for 0 ms asked the server a second time on every page opened.
  return installed ? <InstalledSplash /> : null
}

function InstalledSplash() {
  const { data, isPending } = useCurrentUser()
  const [visible, setVisible] = useState(true)
  const known = !isPending

  useEffect(() => {
    if (!known) return
    const timer = setTimeout(() => setVisible(false), data ? splashMs.authenticated : splashMs.anonymous)
    return () => clearTimeout(timer)
  }, [known, data])

  if (!visible) return null
  return (
    <div
      className="fixed inset-0 z-[95] grid place-items-center bg-ink"
      role="status"
      aria-label="Reelmates is starting"
    >
      <div className="flex flex-col items-center gap-4">
        <BrandMark className="h-20 w-20 animate-[splash-pulse_1.2s_ease-in-out_infinite]" />
        <p className="text-xl font-extrabold tracking-tight text-white">Reelmates</p>
      </div>
    </div>
  )
}
