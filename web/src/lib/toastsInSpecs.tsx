import { useToasts } from './toast'

/**
 * For specs: the toasts shown now, one list item each as "title: description", in place of the
 * app's Toaster (which animates and closes them). Clear them after each test with `removeToast()`.
 */
export function ShownToasts() {
  return (
    <ul aria-label="Toasts">
      {useToasts().map((shown) => (
        <li key={shown.id}>
          {shown.title}: {shown.description}
        </li>
      ))}
    </ul>
  )
}
