import { useEffect } from 'react'

export const appName = 'Reelmates'
/** The title index.html starts with; a screen that names itself replaces it while it is shown. */
export const defaultDocumentTitle = "Reelmates — what to watch, and who's watching it"

/** "Watchlist · Reelmates": the screen first, so tabs and history entries tell screens apart. */
export function documentTitle(screen?: string): string {
  const name = screen?.trim()
  return name ? `${name} · ${appName}` : defaultDocumentTitle
}

/**
 * Names the browser tab after the screen being shown. On unmount the default comes back, so a screen
 * that does not name itself never inherits the previous screen's title.
 */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = documentTitle(screen)
    return () => {
      document.title = defaultDocumentTitle
    }
  }, [screen])
}
