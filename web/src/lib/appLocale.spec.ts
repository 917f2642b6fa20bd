import { describe, expect, it } from 'vitest'
import { appLocaleOf } from './appLocale'

describe('the language of dates and numbers', () => {
  it('is the reader’s own English when their browser lists one', () => {
    expect(appLocaleOf(['en-GB', 'en'])).toBe('en-GB')
    expect(appLocaleOf(['de-DE', 'en-AU'])).toBe('en-AU')
  })

  it('is English otherwise: the app’s sentences are English', () => {
    expect(appLocaleOf(['de-DE', 'de'])).toBe('en')
    expect(appLocaleOf(['ar-EG'])).toBe('en')
    expect(appLocaleOf([])).toBe('en')
    // Not English: a language tag that merely starts with the letters.
    expect(appLocaleOf(['eno'])).toBe('en')
  })
})
