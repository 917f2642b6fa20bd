/**
 * Words someone wrote on several lines, each line in its own direction and aligned to its own start.
 * `dir="auto"` alone gives the whole paragraph its first line's direction, so an English line under a
 * Hebrew one read ".Line two in English". For a `dir="auto"` paragraph that keeps its line breaks
 * (`whitespace-pre-line` / `pre-wrap`): a note, a comment, a review, a bio.
 */
export const eachLineItsDirection = '[unicode-bidi:plaintext]'
