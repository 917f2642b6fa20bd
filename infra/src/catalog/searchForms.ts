/**
 * Other ways people type a title's words (issue 15.4): run together ("spiderman" for Spider-Man,
 * "starwars"), or split ("god father" for The Godfather), and a sequel's number as a digit or a
 * numeral ("godfather 2" for Part II, "rocky iv" for Rocky 4). The index holds each title's forms as
 * a field of their own, and a query is also tried with its neighbouring words joined.
 */

const numerals = ['ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'] as const
const digitOf = new Map<string, string>([
  ...numerals.map((numeral, index): [string, string] => [numeral, String(index + 2)]),
  ['²', '2'],
  ['³', '3'],
  ['⁴', '4'],
])
const numeralOf = new Map<string, string>(numerals.map((numeral, index) => [String(index + 2), numeral]))
/** "V" and "X" are words too ("V for Vendetta"): numbers only at the end of a name or after one of these. */
const sequelWords = new Set(['part', 'ep', 'episode', 'chapter', 'vol', 'volume'])
const singleLetterNumerals = new Set(['v', 'x'])

/** A title's other forms: its neighbouring words joined, and its numbers the other way round. */
export function titleForms(words: readonly string[]): string[] {
  const forms = new Set<string>()
  words.forEach((word, index) => {
    const next = words[index + 1]
    if (next !== undefined) forms.add(word + next)
    const isLast = next === undefined
    const afterSequelWord = index > 0 && sequelWords.has(words[index - 1] ?? '')
    if (singleLetterNumerals.has(word) && !isLast && !afterSequelWord) return
    const other = digitOf.get(word) ?? numeralOf.get(word)
    if (other !== undefined) forms.add(other)
  })
  for (const word of words) forms.delete(word)
  return [...forms]
}

/** The words as typed, then with each pair of neighbours joined ("god father" → "godfather"). */
export function queryVariants(words: readonly string[]): string[][] {
  const variants = [[...words]]
  // Long queries are sentences, not split titles; six words keep the variants few.
  if (words.length > 6) return variants
  for (let index = 0; index < words.length - 1; index++) {
    variants.push([...words.slice(0, index), `${words[index]}${words[index + 1]}`, ...words.slice(index + 2)])
  }
  return variants
}
