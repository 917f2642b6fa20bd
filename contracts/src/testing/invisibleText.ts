/** Characters written out as `\uXXXX` (`\u{XXXXX}` beyond the first plane), printable ASCII as it is. */
const writtenOut = (text: string): string =>
  `"${Array.from(text, (c) => {
    if (/^[\x21-\x7E]$/.test(c)) return c
    const hex = (c.codePointAt(0) ?? 0).toString(16).toUpperCase()
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`
  }).join('')}"`

/**
 * Text made only of characters that show nothing: none, whitespace, zero-width ones, BOM, soft hyphen,
 * a variation selector, blank Braille, combining marks with nothing to sit on (a stray accent), and
 * fillers that fonts draw as nothing or as a missing-glyph box. Each with a name for a test that says it,
 * written out, as a test name with the characters themselves would look empty too.
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
  '\u0301\u0301',
  '\u200B\u0301',
  ' \u0E34\u0E48 ',
  '\u{1D159}',
  '\u{16FE4}',
].map((text) => [writtenOut(text), text] as const)

/**
 * Text whose marks sit on a letter or an emoji that shows, so it shows: "é" written as e and an accent,
 * Hindi and Thai with their vowel signs and tone marks, an emoji with its variation selector or keycap.
 */
export const textWithMarksCases = ['e\u0301', 'नमस्ते', 'สวัสดีที่นี่', '\u2764\uFE0F', '1\uFE0F\u20E3'].map(
  (text) => [writtenOut(text), text] as const,
)
