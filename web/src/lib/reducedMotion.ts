/**
 * True when the person has asked their system for less motion (WCAG 2.3.3): then nothing moves on its
 * own and the app's own scrolls jump instead of gliding. Asked each time, not once, so a change of the
 * setting counts from the next motion on. The rest (transitions, animations) follows one rule in
 * styles.css.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** How a scroll the app makes by itself travels. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'instant' : 'smooth'
}
