/**
 * True on a device driven by a finger (a phone, most tablets): there, focusing a text box opens the
 * on-screen keyboard, which can cover most of what is on screen.
 */
export function isTouchFirst(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches
}
