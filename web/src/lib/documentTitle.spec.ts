import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defaultDocumentTitle, documentTitle, useDocumentTitle } from './documentTitle'

describe('the document title', () => {
  it('names the screen before the app', () => {
    expect(documentTitle('Watchlist')).toBe('Watchlist · Reelmates')
    expect(documentTitle('  ')).toBe(defaultDocumentTitle)
  })

  it('follows the screen while shown and gives the default back when it goes', () => {
    const { rerender, unmount } = renderHook(({ name }) => useDocumentTitle(name), {
      initialProps: { name: 'Feed' },
    })
    expect(document.title).toBe('Feed · Reelmates')
    rerender({ name: 'Friends' })
    expect(document.title).toBe('Friends · Reelmates')
    unmount()
    expect(document.title).toBe(defaultDocumentTitle)
  })
})
