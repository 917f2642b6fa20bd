import { useSyncExternalStore } from 'react'

/** Spec §9: one toast at a time; a dismissed toast stays mounted this long so it can animate out. */
export const toastLimit = 1
export const toastRemoveDelayMs = 1_000_000

export interface ToastAction {
  label: string
  /** Spec §5: a toast action needs a non-empty alternative text for screen readers. */
  altText: string
  onClick: () => void
}

export interface ToastInput {
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
  action?: ToastAction
  /** Milliseconds; the provider's 5000 when absent. */
  duration?: number
}

export interface Toast extends ToastInput {
  id: string
  open: boolean
}

type Listener = () => void

let toasts: Toast[] = []
let counter = 0
const listeners = new Set<Listener>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function publish(next: Toast[]): void {
  toasts = next
  for (const listener of listeners) listener()
}

/** Removes a toast from the list for good. */
export function removeToast(id?: string): void {
  publish(id === undefined ? [] : toasts.filter((toast) => toast.id !== id))
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      removeToast(id)
    }, toastRemoveDelayMs),
  )
}

/** Closes a toast (or all): open becomes false and its removal is scheduled. */
export function dismissToast(id?: string): void {
  for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id)
  publish(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)))
}

export function updateToast(id: string, change: Partial<ToastInput>): void {
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast)))
}

/** Adds a toast, newest first; only `toastLimit` stay in the list. */
export function toast(input: ToastInput): {
  id: string
  dismiss: () => void
  update: (change: Partial<ToastInput>) => void
} {
  if (input.action && input.action.altText.trim() === '') throw new Error('A toast action needs alternative text')
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  publish([{ ...input, id, open: true }, ...toasts].slice(0, toastLimit))
  return { id, dismiss: () => dismissToast(id), update: (change) => updateToast(id, change) }
}

/** Marks the toasts' list (the Toaster's viewport), for `focusIsOnToasts`. */
export const toastsListAttribute = 'data-toasts'

/**
 * Whether the focus is on the toasts: where Radix leaves it when a toast closes with the focus in it
 * (its Undo pressed), on the list, by then empty.
 */
export const focusIsOnToasts = (): boolean => document.activeElement?.closest(`[${toastsListAttribute}]`) != null

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => toasts,
    () => toasts,
  )
}
