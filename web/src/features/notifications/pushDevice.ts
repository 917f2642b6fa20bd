import { notificationsCalls } from './notificationsCalls'

/** Why push could not be turned on, in words for the person. */
export class PushUnavailable extends Error {
  override readonly name = 'PushUnavailable'
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** The registration of the app's service worker, if one controls (or will control) this page. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration('/')
  if (!found) throw new PushUnavailable('Push notifications need the installed app or a page reload first.')
  return navigator.serviceWorker.ready
}

/**
 * Turns push on for this device: asks the browser's permission (only on this click, never on load),
 * subscribes with the server's VAPID key and sends the subscription to the server.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!supported()) throw new PushUnavailable('This browser cannot receive push notifications.')
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    throw new PushUnavailable(
      permission === 'denied'
        ? 'Notifications are blocked for Reelmates. Allow them in your browser settings, then try again.'
        : 'Push notifications stay off until you allow them.',
    )
  }
  const { publicKey } = await notificationsCalls.publicKey()
  const worker = await registration()
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }))
  const json = subscription.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new PushUnavailable('The browser gave no push address.')
  await notificationsCalls.subscribe({
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  })
}

/** Whether this browser gets the member's pushes now: notifications allowed and a subscription held. */
export async function thisDeviceSubscribed(): Promise<boolean> {
  if (!supported() || Notification.permission !== 'granted') return false
  const worker = await navigator.serviceWorker.getRegistration('/')
  return (await worker?.pushManager.getSubscription()) != null
}

/** Turns push off for this device: the server forgets it first, then the browser. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!supported()) return
  const worker = await navigator.serviceWorker.getRegistration('/')
  const subscription = await worker?.pushManager.getSubscription()
  if (!subscription) return
  await notificationsCalls.unsubscribe(subscription.endpoint).catch((error: unknown) => {
    // Already gone on the server (expired, or removed on another visit): the browser's copy still goes.
    if (!(error instanceof Error && /not subscribed/.test(error.message))) throw error
  })
  await subscription.unsubscribe()
}

/**
 * Before a logout, while the session still stands: the server forgets this browser as the leaving
 * member's push device, so a shared computer's next user does not get their news. Best effort: a
 * refusal (a device the server no longer has) changes nothing, and no answer at all means the logout
 * will fail the same way and the member stays signed in, push and all.
 */
export async function forgetThisDeviceOnServer(): Promise<void> {
  if (!supported()) return
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()
  if (!subscription) return
  await notificationsCalls.unsubscribe(subscription.endpoint).catch(() => undefined)
}

/**
 * Once the member has left this device (logged out, account deleted): the browser's subscription goes
 * too, so its switch is off for whoever signs in next and a push the server still sends finds no one
 * (the push service answers it Gone, and the scheduler drops the device); their notifications still on
 * screen are closed.
 */
export async function dropThisDevicesPush(): Promise<void> {
  if (!supported()) return
  const worker = await navigator.serviceWorker.getRegistration('/')
  if (!worker) return
  for (const shown of await worker.getNotifications()) shown.close()
  await (await worker.pushManager.getSubscription())?.unsubscribe()
}
