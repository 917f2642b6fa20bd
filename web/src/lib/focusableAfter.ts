const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The control the Tab key would reach after `element` and everything in it (in the page's order;
 * nothing hidden, inert or taken from screen readers): where the keyboard goes on when a part of
 * the page leaves with the focus in it, as if the person had tabbed past it.
 */
export function focusableAfter(element: Element): HTMLElement | null {
  for (const candidate of element.ownerDocument.querySelectorAll<HTMLElement>(focusable)) {
    if (element.contains(candidate)) continue
    if (!(element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue
    if (candidate.closest('[hidden], [inert], [aria-hidden="true"]')) continue
    return candidate
  }
  return null
}
