import * as ToastPrimitive from '@radix-ui/react-toast'
import { dismissToast, toastsListAttribute, useToasts, type Toast } from '../../lib/toast'

const variantClass: Record<NonNullable<Toast['variant']>, string> = {
  default: 'border-white/10 bg-zinc-900 text-zinc-50',
  destructive: 'border-red-500/40 bg-red-950 text-red-50',
  success: 'border-emerald-500/40 bg-emerald-950 text-emerald-50',
}

/**
 * On a phone, toasts sit above what holds the bottom of the screen: the tab bar, or, while the menu is
 * open over it, the menu's last item, where a toast would cover Log out just as someone reaches for
 * it. That item (the card with the person's name and Log out) is 4.375rem tall, 1.25rem or the home
 * indicator's inset from the bottom; the viewport's own padding is 1rem.
 */
const viewportBottom =
  'bottom-[calc(3.5rem+env(safe-area-inset-bottom))] max-md:[body:has(#menu-drawer)_&]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]'

/**
 * The toast layer (spec §9): Radix toasts closing after 5 s, swiped away to the right, F8 to focus
 * the region, Escape to close; the viewport sits at z-index 100 and is at most 420 px wide.
 */
export function Toaster() {
  const toasts = useToasts()
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          {...(item.duration === undefined ? {} : { duration: item.duration })}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-9 shadow-2xl shadow-black/40 data-[state=closed]:animate-[toast-out_150ms_ease-in] data-[state=open]:animate-[toast-in_200ms_ease-out] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${variantClass[item.variant ?? 'default']}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="whitespace-pre-line text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {item.action ? (
            <ToastPrimitive.Action
              altText={item.action.altText}
              onClick={item.action.onClick}
              className="ml-auto shrink-0 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-zinc-900 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {item.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-white"
          >
            <span aria-hidden="true">✕</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        // Not Radix's "Notifications": the bell's panel is called that, and a landmark list had both.
        label="Alerts ({hotkey})"
        {...{ [toastsListAttribute]: '' }}
        className={`fixed ${viewportBottom} right-0 z-[100] m-0 flex max-h-screen w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:right-4 md:bottom-4 print:hidden`}
      />
    </ToastPrimitive.Provider>
  )
}
