import { useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useAppUpdate } from '../../features/update/useAppUpdate'
import { useOnline } from '../../lib/connection'
import { FocusOnNewScreen } from './FocusOnNewScreen'
import { NavigationProgress } from './NavigationProgress'
import { OfflineBanner } from './OfflineBanner'
import { ScrollToTop } from './ScrollToTop'
import { Toaster } from './Toaster'
import { UnsentChangesDialog } from './UnsentChangesDialog'
import { UpdateBanner } from './UpdateBanner'

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/') || path === '/test-digest'

/**
 * What every screen shares: scroll reset, the focus moved to a new screen's heading, toasts and the
 * update banner, and Log out's question about changes not sent yet. (The installed app's splash is
 * drawn beside the router, in main.tsx.)
 */
export function AppChrome({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const update = useAppUpdate({ serviceWorkerAllowed: !isAdminPath(pathname) })
  const online = useOnline()
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <ScrollToTop />
      <FocusOnNewScreen />
      <OfflineBanner />
      {children}
      {/* Offline, the new version cannot load, and the banner would cover the one saying so. */}
      {update.available && online ? (
        <UpdateBanner busy={update.busy} onUpdate={() => void update.updateNow()} onDismiss={update.dismiss} />
      ) : null}
      <Toaster />
      <UnsentChangesDialog />
    </>
  )
}
