import type { ReactNode } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import { focusScreenStartWhenLost } from '../shell/FocusOnNewScreen'
import { ConfirmDialog } from './ConfirmDialog'

/**
 * Asked of a member signed in who opened a link mailed to another address (a forwarded mail, a shared
 * computer): whose it looks like (`children`, with the masked address), and which account would take
 * it, named in the title ("Accept ann's invitation as dave?"). "Not now" takes nothing, and leaves the
 * link to whoever it was meant for. Its yes loses nothing, so it is the app's primary button, not the
 * red of a deletion.
 */
export function MailedLinkQuestion({
  asking,
  confirmLabel,
  children,
  onTake,
  onLeave,
}: {
  /** The question without its account: "Accept ann's invitation". */
  asking: string
  confirmLabel: string
  children: ReactNode
  onTake: () => void
  onLeave: () => void
}) {
  const username = useCurrentUser().data?.username
  return (
    <ConfirmDialog
      title={username ? `${asking} as ${username}?` : `${asking}?`}
      confirmLabel={confirmLabel}
      cancelLabel="Not now"
      tone="plain"
      onConfirm={onTake}
      onClose={() => {
        onLeave()
        // It opened by itself: no control to give the focus back to.
        focusScreenStartWhenLost()
      }}
    >
      <p>{children}</p>
    </ConfirmDialog>
  )
}
