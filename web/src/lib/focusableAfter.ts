const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'

/** Whether the element, or a box it is in, is not drawn (hidden, inert, `display: none`, not visible). */
function notShown(element: HTMLElement): boolean {
  if (element.closest('[hidden], [inert], [aria-hidden="true"]')) return true
  for (let box: Element | null = element; box; box = box.parentElement) {
    const style = getComputedStyle(box)
    if (style.display === 'none' || style.visibility === 'hidden') return true
  }
  return false
}

/**
 * The control the Tab key would reach after `element` and everything in it (in the page's order;
 * nothing out of the Tab order, hidden, inert or taken from screen readers): where the keyboard goes
 * on when a part of the page leaves with the focus in it, as if the person had tabbed past it.
 */
export function focusableAfter(element: Element): HTMLElement | null {
  for (const candidate of element.ownerDocument.querySelectorAll<HTMLElement>(focusable)) {
    if (element.contains(candidate) || candidate.tabIndex < 0) continue
    if (!(element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue
    if (notShown(candidate)) continue
    return candidate
  }
  return null
}
