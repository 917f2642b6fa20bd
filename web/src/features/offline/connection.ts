import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * TanStack Query follows the browser's online/offline events but starts out "online", so a page
 * opened without a network would try every request and show errors. Starting from navigator.onLine
 * makes queries wait (showing their kept answers) and changes queue until the connection returns.
 */
export function followConnection(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  )
}
