let listening = false

/**
 * For specs: jsdom has no modal dialogs and no layout. `showModal` and `close` as a browser runs them,
 * as far as the focus goes: nothing in a closed dialog takes the focus (it is not displayed), opening
 * focuses the first button, closing gives the focus back to what had it when the dialog opened and
 * queues `close` (a browser fires it in a later task, not within `close()`), and Escape in an open
 * dialog (unless its keydown was refused) fires `cancel`, then closes it unless that was refused.
 */
export function imitateModalDialogs(): void {
  const opener = new WeakMap<HTMLDialogElement, Element | null>()
  const focus = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'focus')?.value as (
    this: HTMLElement,
    options?: FocusOptions,
  ) => void
  Object.assign(HTMLElement.prototype, {
    focus(this: HTMLElement, options?: FocusOptions) {
      if (this.closest('dialog:not([open])')) return
      focus.call(this, options)
    },
  })
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      opener.set(this, document.activeElement)
      this.open = true
      this.querySelector('button')?.focus()
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return
      this.open = false
      const before = opener.get(this)
      if (before instanceof HTMLElement && before.isConnected) before.focus()
      setTimeout(() => this.dispatchEvent(new Event('close')))
    },
  })
  if (!listening) {
    listening = true
    document.addEventListener('keydown', (event) => {
      const dialog = event.target instanceof Element ? event.target.closest('dialog') : null
      if (event.key !== 'Escape' || !dialog?.open || event.defaultPrevented) return
      if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
    })
  }
}
