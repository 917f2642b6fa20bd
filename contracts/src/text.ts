import { z } from 'zod'

/**
 * What people type, measured and cut as they see it. A string's `length` counts UTF-16 units, so an
 * emoji is two and a cut at a unit can leave half of one (shown as "�"); these count and cut by
 * characters (code points) and by what a reader sees as one character (grapheme clusters).
 */

/** Characters (code points), as every limit of the app counts them (zod's `.max()` counts so too). */
export const characterCount = (text: string): number => Array.from(text).length

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The first character as seen: a whole emoji with its skin tone, a letter with its accents. */
export function firstGrapheme(text: string): string {
  for (const { segment } of graphemes.segment(text)) return segment
  return ''
}

/** At most `max` characters as seen, the last of them "…" when something was cut; no character is split. */
export function shortenText(text: string, max: number): string {
  if (characterCount(text) <= max) return text
  let kept = ''
  let count = 0
  for (const { segment } of graphemes.segment(text)) {
    const size = characterCount(segment)
    if (count + size > max - 1) break
    kept += segment
    count += size
  }
  return `${kept.trimEnd()}…`
}

/** Any letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const rightToLeft = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u

/**
 * A member's words inside a sentence of ours, kept apart from it for the bidirectional algorithm (first
 * strong isolate … pop directional isolate): "سارة_7 commented · 10 minutes ago" otherwise reads
 * "10 · 7_سارة", the number and the punctuation pulled into the name's direction. Text without a
 * right-to-left letter is left as it is, so it stays exactly what was typed.
 */
export const isolated = (text: string): string => (rightToLeft.test(text) ? `\u2068${text}\u2069` : text)

/**
 * Characters a member cannot mean to keep in their words: control characters other than tab and line
 * breaks (they show as boxes and travel into mail headers and bodies), and half of a character (an
 * unpaired surrogate, which every page and mail shows as "�").
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's whole job
const unshowable = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]/u

export const hasUnshowableCharacters = (text: string): boolean => unshowable.test(text)

/**
 * Characters that take no room on a page: whitespace, and the ones Unicode says to draw as nothing
 * (zero-width space and joiners U+200B–U+200D, word joiner U+2060, byte order mark U+FEFF, soft
 * hyphen, the Hangul fillers, variation selectors…), with control characters, which show as nothing
 * or a box, the blank Braille pattern U+2800, which "blank" text copied from the web is often made of,
 * and fillers Unicode does not call ignorable but fonts draw as nothing or as a missing-glyph box
 * (MUSICAL SYMBOL NULL NOTEHEAD U+1D159; KHITAN SMALL SCRIPT FILLER U+16FE4, itself a mark, so outside
 * the brackets, where a mark would read as joined to the character before it).
 */
const invisible = /[\s\p{Default_Ignorable_Code_Point}\p{Cc}\u2800\u{1D159}]|\u{16FE4}/gu

/**
 * Combining marks (accents, vowel signs, tone marks, enclosing keycaps): drawn on the character before
 * them, so with nothing visible to sit on they show as a stray accent or a dotted circle, not as words.
 */
const marks = /\p{M}/gu

/**
 * Whether text shows anything at all: text made only of invisible characters and of marks reads as
 * empty. A mark on a letter or emoji that shows ("é" as e and an accent, Hindi, Thai, "❤️") is kept.
 */
export const hasVisibleCharacter = (text: string): boolean => text.replace(invisible, '').replace(marks, '') !== ''

/**
 * Text that must be written (a title, a name, a subject, a message): trimmed, and refused with
 * `required` when it shows nothing, as an empty one is. Nothing after it is said of such text: "at most
 * 200 characters" or "must be one line" would be no help when nothing can be seen.
 */
export const shownText = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { message: required, abort: true })
    .refine(hasVisibleCharacter, { message: required, abort: true })

/**
 * Text that may be left out (a review, a note, a bio): trimmed, and '' — none — when it shows nothing,
 * as whitespace alone is, rather than kept as words nobody can read.
 */
export const shownOrNone = (text: string): string => (hasVisibleCharacter(text) ? text : '')
