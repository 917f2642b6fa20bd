import { useModalDialog } from './modalDialog'
import { useUnsavedChanges, type WrittenWords } from './unsavedChanges'

/**
 * A modal dialog holding a form (a watch being logged, a note, a recommendation): besides its own
 * Close, Escape and backdrop, the browser's Back, a link behind it and a reload ask before a changed
 * form is lost. Back took the page away with a half-written review, without a word.
 */
export function useFormDialog(
  options: Parameters<typeof useModalDialog>[0] & { unsaved: boolean; words?: readonly WrittenWords[] },
) {
  const leavingPage = useUnsavedChanges(options.unsaved, options.words)
  return useModalDialog({ ...options, leavingPage })
}
