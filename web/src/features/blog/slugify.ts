const MAX_LENGTH = 120

/**
 * A slug proposed from a title: lowercase ASCII letters and digits joined by single hyphens, at most
 * 120 characters, cut after a whole word (the address is public; "...weekly-dige" read as a typo).
 * A single word longer than that is cut where it must be.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (words.length <= MAX_LENGTH) return words
  const lastBreak = words.lastIndexOf('-', MAX_LENGTH)
  return lastBreak > 0 ? words.slice(0, lastBreak) : words.slice(0, MAX_LENGTH)
}
