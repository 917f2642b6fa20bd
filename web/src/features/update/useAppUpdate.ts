import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Workbox } from 'workbox-window'
import { apiJson } from '../../lib/api'
import { isInstalledApp, isIos } from '../../lib/installedApp'
import { toast } from '../../lib/toast'
import { clearStorageKeepingWaitingChanges } from '../offline/offlineSession'
import { askBeforeLeavingUnsaved, leaveWithoutAsking } from '../../lib/unsavedChanges'
import { activateNewWorker, deleteCaches, isPrecache, serverAnswers, unregisterServiceWorker } from './serviceWorker'
import { inAppHref } from '../../lib/inAppHref'
import {
  isNewBuild,
  isUpdatePromptSuppressed,
  rememberUpdateAttempt,
  reloadAddress,
  versionCheckIntervalMs,
  type VersionFile,
} from './updatePolicy'

const runningBuild = __BUILD_TIMESTAMP__

interface WorkerMessage {
  type?: string
  url?: string
}

/**
 * Spec §4 app update: registers /service-worker.js (never on admin routes) and raises the banner when
 * a worker is waiting, when the worker says so, or when version.json names another build.
 */
export function useAppUpdate({ serviceWorkerAllowed }: { serviceWorkerAllowed: boolean }) {
  const router = useRouter()
  const [available, setAvailable] = useState(false)
  // "Later" means later: the banner does not come back on this page once dismissed.
  const dismissed = useRef(false)

  const offer = useCallback(() => {
    if (!dismissed.current && !isUpdatePromptSuppressed(window.sessionStorage)) setAvailable(true)
  }, [])

  const checkVersion = useCallback(async () => {
    // Absent outside secure contexts, whatever the types say.
    if ('serviceWorker' in navigator)
      navigator.serviceWorker.controller?.postMessage({ type: 'CHECK_VERSION', buildTimestamp: runningBuild })
    try {
      const file = await apiJson<VersionFile>('/version.json')
      if (isNewBuild(file, runningBuild)) offer()
    } catch {
      // Offline or the server is restarting: the next check will tell.
    }
  }, [offer])

  useEffect(() => {
    if (!serviceWorkerAllowed || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
    const wb = new Workbox('/service-worker.js', { scope: '/' })
    wb.addEventListener('waiting', offer)
    void wb.register().catch((error: unknown) => console.error('Service worker registration failed', error))
    return () => {
      wb.removeEventListener('waiting', offer)
    }
  }, [serviceWorkerAllowed, offer])

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent<WorkerMessage | null>) => {
      const type = event.data?.type
      if (type === 'UPDATE_AVAILABLE' || type === 'UPDATE_NEEDED') offer()
      else if (type === 'NAVIGATE_TO' && typeof event.data?.url === 'string')
        void router.navigate({ href: inAppHref(event.data.url, window.location.origin) })
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [offer, router])

  useEffect(() => {
    void checkVersion()
    const timer = setInterval(() => void checkVersion(), versionCheckIntervalMs)
    const onVisible = () => document.visibilityState === 'visible' && void checkVersion()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [checkVersion])

  const updating = useRef(false)
  const [busy, setBusy] = useState(false)
  const updateNow = useCallback(async () => {
    if (updating.current) return
    updating.current = true
    setBusy(true)
    // The page stays (nothing has been cleared): Update Now can be tapped again. After the reload
    // starts, the button stays busy until the page goes.
    const stayed = () => {
      updating.current = false
      setBusy(false)
    }
    try {
      // The new version comes from the server: unreachable, the reload would end on the browser's
      // error page (in the installed app, one without an address bar or a way back).
      if (!(await serverAnswers())) {
        toast({
          title: 'Reelmates can’t be reached',
          description: 'The new version will be ready to update to when you’re back online.',
          variant: 'destructive',
        })
        return stayed()
      }
      // Unsaved edits are asked about first, as leaving the page would be: every step after this
      // clears what the page stands on, and the browser's own "Leave site?" came after it.
      if (!(await askBeforeLeavingUnsaved())) return stayed()
      leaveWithoutAsking()
      rememberUpdateAttempt(window.sessionStorage)
      if (isInstalledApp()) {
        await deleteCaches(() => true)
        clearStorageKeepingWaitingChanges()
        await unregisterServiceWorker()
      } else {
        // The precache is the worker's copy of the app itself, not a cache of answers: deleting it
        // left the worker unable to open the app offline until the release after this one.
        await deleteCaches((name) => !isPrecache(name))
        await activateNewWorker()
      }
      window.location.replace(reloadAddress(window.location.href, isIos()))
    } catch (error) {
      // A step that failed (a cache or the worker refusing) must not leave the button busy for good.
      console.error('Update failed', error)
      leaveWithoutAsking(false)
      stayed()
    }
  }, [])

  const dismiss = useCallback(() => {
    setAvailable(false)
    dismissed.current = true
    toast({ title: 'Update later', description: 'Refresh the page later to get the latest version of Reelmates.' })
  }, [])

  return { available, busy, updateNow, dismiss }
}
