/**
 * Whether the keyboard focus is nowhere: on the page's body, where the browser leaves it when the
 * focused element is moved or removed. Giving focus back is right then, and only then: otherwise
 * the person has put it somewhere since.
 */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body
