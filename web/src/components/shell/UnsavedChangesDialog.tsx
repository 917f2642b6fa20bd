import type { LeavingUnsaved } from '../../lib/unsavedChanges'
import { ConfirmDialog } from '../social/ConfirmDialog'

/**
 * Asks before unsaved changes are left behind (`useUnsavedChanges`). Stay has the focus, and Escape
 * or a click outside stays too: only an explicit Leave throws the work away.
 */
export function UnsavedChangesDialog({
  leaving,
  title = 'Leave this page?',
}: {
  leaving: LeavingUnsaved | null
  title?: string
}) {
  if (!leaving) return null
  return (
    <ConfirmDialog
      title={title}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={leaving.leave}
      // After Leave this comes too, as the dialog closes; the navigation has been let go by then, and
      // the router ignores a second answer.
      onClose={leaving.stay}
    >
      <p>Your changes will not be saved.</p>
    </ConfirmDialog>
  )
}
