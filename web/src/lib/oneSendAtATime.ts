import { useCallback, useRef } from 'react'

/**
 * For a button that sends (Send, Publish, Save): the second click of a double click does nothing
 * while the first one's request is on its way. The button is also drawn disabled from the mutation's
 * pending state, but React Query hands that state to the screen on a later task, and the second click
 * can land before it: a ref is set in the click itself.
 *
 * `send` resolves or rejects once the request is answered; its rejection is the mutation's to tell
 * (its `onError`), so it is dropped here.
 */
export function useOneSendAtATime(): (send: () => Promise<unknown>) => void {
  const sending = useRef(false)
  return useCallback((send: () => Promise<unknown>) => {
    if (sending.current) return
    sending.current = true
    void send()
      .catch(() => undefined)
      .finally(() => {
        sending.current = false
      })
  }, [])
}
