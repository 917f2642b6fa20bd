import type { AdminBlogCategory } from '@reelmates/contracts/blog'
import { categoryPostsSentence } from '../../features/blog/categoryCounts'
import { ConfirmDialog } from '../social/ConfirmDialog'

/** Asks before a category goes: its posts silently lose it, and that cannot be undone with one tap. */
export function BlogCategoryDeleteDialog({
  category,
  onConfirm,
  onClose,
}: {
  category: AdminBlogCategory
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      title={`Delete “${category.name}”?`}
      confirmLabel="Delete category"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{categoryPostsSentence(category)}</p>
    </ConfirmDialog>
  )
}
