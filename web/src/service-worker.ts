/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { pageAddressMatcher } from '@reelmates/contracts/pageAddresses'
import { inAppHref } from './lib/inAppHref'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }
/** The router's page addresses, put in by the build from its route tree (vite.config.ts). */
declare const __PAGE_ADDRESSES__: string[]

// Names shared with features/account/clearLocalState.ts: logout deletes these caches.
const assetsCacheName = 'reelmates-assets'
const avatarCacheName = 'reelmates-avatars'

// The app shell: every built file, so the app opens with no network after one visit. A provider
// logo's address carries `?v=` for browsers' HTTP caches; the precache knows each file's revision
// itself, so the logos precached here answer with or without it (offline, on a page never opened).
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/] })
cleanupOutdatedCaches()

// Any page address answers the shell; the client router decides. An address that is none of the
// router's pages answers the shell too, which shows the not-found page, but with 404, as the server
// does: a crawler or a bookmark check must not take it for a page, online or off. The files the
// server answers itself never come here: the API, the version file, and the news feed, robots.txt
// and sitemap.xml, which a reader opens by address or from a link.
const appShell = createHandlerBoundToURL('/index.html')
const isPage = pageAddressMatcher(__PAGE_ADDRESSES__)
registerRoute(
  new NavigationRoute(
    async (options) => {
      const shell = await appShell(options)
      if (isPage(options.url.pathname)) return shell
      return new Response(shell.body, { status: 404, statusText: 'Not Found', headers: shell.headers })
    },
    {
      denylist: [
        /^\/api\//,
        /^\/version\.json/,
        /^\/service-worker\.js/,
        /^\/logos\//,
        /^\/news\/rss\.xml$/,
        /^\/robots\.txt$/,
        /^\/sitemap\.xml$/,
      ],
    },
  ),
)

// Provider logos (versioned addresses) and poster images.
registerRoute(
  ({ url }) => url.pathname.startsWith('/logos/') || url.hostname === 'image.tmdb.org',
  new CacheFirst({
    cacheName: assetsCacheName,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
)
registerRoute(
  ({ url }) => url.pathname.startsWith('/api/avatars/'),
  new StaleWhileRevalidate({ cacheName: avatarCacheName, plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
)

async function tellClients(message: Record<string, unknown>): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage(message)
}

self.addEventListener('install', () => {
  // A worker installing while another is active is a new version: the open pages should offer it.
  if (self.registration.active) void tellClients({ type: 'UPDATE_AVAILABLE' })
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; buildTimestamp?: string } | null
  if (data?.type === 'SKIP_WAITING') {
    event.waitUntil(
      self.skipWaiting().then(() => {
        event.source?.postMessage({ type: 'SKIP_WAITING_COMPLETE' })
      }),
    )
  } else if (data?.type === 'CHECK_VERSION') {
    event.waitUntil(
      fetch(`/version.json?_ts=${Date.now()}`, { cache: 'no-store' })
        .then((response) => (response.ok ? (response.json() as Promise<{ buildTimestamp?: string }>) : undefined))
        .then((version) => {
          if (version?.buildTimestamp && data.buildTimestamp && version.buildTimestamp !== data.buildTimestamp) {
            event.source?.postMessage({ type: 'UPDATE_NEEDED', buildTimestamp: version.buildTimestamp })
          }
        })
        .catch(() => undefined),
    )
  }
})

// A notification opens the app on the address it carries.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close()
  const url =
    typeof (event.notification.data as { url?: unknown } | null)?.url === 'string'
      ? inAppHref((event.notification.data as { url: string }).url, self.location.origin)
      : '/home'
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows[0]
      if (open) {
        open.postMessage({ type: 'NAVIGATE_TO', url })
        await open.focus()
      } else {
        await self.clients.openWindow(url)
      }
    }),
  )
})

// A web push from the scheduler: { title, body, url, tag } (services/scheduler/src/notifications/webPush.ts).
// The same tag replaces the notification already shown (a batch of reactions), and says so again.
self.addEventListener('push', (event: PushEvent) => {
  let payload: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {}
  try {
    payload = (event.data?.json() as typeof payload | null) ?? {}
  } catch {
    payload = { body: event.data?.text() }
  }
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback)
  const tag = typeof payload.tag === 'string' ? payload.tag : undefined
  event.waitUntil(
    self.registration.showNotification(text(payload.title, 'Reelmates'), {
      body: text(payload.body, 'Something new on Reelmates'),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: text(payload.url, '/home') },
      ...(tag ? { tag, renotify: true } : {}),
    }),
  )
})
