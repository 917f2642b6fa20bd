import { useRef } from 'react'
import { ConfirmDialog } from '../social/ConfirmDialog'

/**
 * Asks before a comment goes for good, as Letterboxd and Facebook do. `author` names someone else's
 * comment (the activity's owner deleting it). `onDelete` runs once the dialog has closed and given the
 * focus back to Delete, so that the deletion can hand it on: a comment behind an open modal dialog
 * cannot take it.
 */
export function DeleteCommentDialog({
  author,
  onDelete,
  onClose,
}: {
  author: string | null
  onDelete: () => void
  onClose: () => void
}) {
  const confirmed = useRef(false)
  return (
    <ConfirmDialog
      title={author ? `Delete ${author}'s comment?` : 'Delete this comment?'}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={() => (confirmed.current = true)}
      onClose={() => {
        onClose()
        if (confirmed.current) onDelete()
      }}
    >
      It can't be undone.
    </ConfirmDialog>
  )
}
