import { useUnsentQuestion } from '../../features/account/unsentChanges'
import { ConfirmDialog } from '../social/ConfirmDialog'

/**
 * Log out's question while changes made on this device have not reached the server
 * (features/account/useLogout). Stay signed in has the focus, and Escape or a click outside stays too:
 * only an explicit "Log out anyway" throws the changes away.
 */
export function UnsentChangesDialog() {
  const question = useUnsentQuestion()
  if (!question) return null
  return (
    <ConfirmDialog
      title={question.title}
      confirmLabel="Log out anyway"
      cancelLabel="Stay signed in"
      onConfirm={() => question.answer(true)}
      onClose={() => question.answer(false)}
    >
      <p>{question.text}</p>
    </ConfirmDialog>
  )
}
