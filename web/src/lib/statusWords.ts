import { useCallback, useState } from 'react'

/**
 * Words for a `role="status"` region, said again when the same words come twice in a row (a second
 * comment saved): screen readers read a live region's changes only, so the second time ends with a
 * no-break space the first did not.
 */
export function useStatusWords(): [words: string, say: (words: string) => void] {
  const [said, setSaid] = useState({ words: '', again: false })
  const say = useCallback(
    (words: string) => setSaid((was) => ({ words, again: was.words === words ? !was.again : was.again })),
    [],
  )
  return [said.words + (said.again ? '\u00a0' : ''), say]
}
