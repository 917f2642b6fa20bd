/**
 * Text made only of characters that show nothing: none, whitespace, zero-width ones, BOM, soft hyphen,
 * a variation selector, blank Braille. Each with a name for a test that says it, written out, as a test
 * name with the characters themselves would look empty too.
 */
export const invisibleTextCases = [
  '',
  '   ',
  '\u200B',
  '\u200C\u200D',
  '\u2060',
  '\uFEFF',
  ' \u200B\t\u00A0\u200B ',
  '\u00AD',
  '\uFE0F',
  '\u2800',
].map(
  (text) =>
    [
      `"${text.replace(/[^\x21-\x7E]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`,
      text,
    ] as const,
)
