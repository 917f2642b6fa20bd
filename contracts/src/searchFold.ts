/**
 * Letters that carry no accent to strip but that people type as plain Latin letters: no Unicode
 * decomposition takes "æ" to "ae" or "ø" to "o". Lower-case only: text is lower-cased before they apply.
 */
const plainLetters: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ß: 'ss',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

const plainLetter = new RegExp(`[${Object.keys(plainLetters).join('')}]`, 'gu')

/**
 * Text as search compares it, on both sides of the comparison: compatibility forms decomposed (NFKD),
 * lower case, accents and other combining marks dropped, and letters like "æ", "ø", "ß" spelled out,
 * so "emile" finds "Émile", "olaf" finds "Ølaf", "aeon" finds "Æon" and "ss" finds "ßtefan".
 * For search only: names are told apart (sign-in, uniqueness) by their NFKC form, never by this.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(plainLetter, (letter) => plainLetters[letter] ?? letter)
}
