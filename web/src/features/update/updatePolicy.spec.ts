import { describe, expect, it } from 'vitest'
import {
  isNewBuild,
  isUpdatePromptSuppressed,
  rememberUpdateAttempt,
  reloadAddress,
  updateSuppressionMs,
} from './updatePolicy'

describe('app update policy (spec §4)', () => {
  it('sees a new build when the version file carries another timestamp', () => {
    expect(isNewBuild({ version: '1', buildTimestamp: '200' }, '100')).toBe(true)
    expect(isNewBuild({ version: '1', buildTimestamp: '100' }, '100')).toBe(false)
    expect(isNewBuild(undefined, '100')).toBe(false)
    expect(isNewBuild({ version: '1' }, '100')).toBe(false)
  })

  it('keeps the prompt quiet for 30 s after an attempt, then offers it again', () => {
    const storage = window.sessionStorage
    storage.clear()
    expect(isUpdatePromptSuppressed(storage, 1_000_000)).toBe(false)
    rememberUpdateAttempt(storage, 1_000_000)
    expect(isUpdatePromptSuppressed(storage, 1_000_000 + updateSuppressionMs - 1)).toBe(true)
    expect(isUpdatePromptSuppressed(storage, 1_000_000 + updateSuppressionMs)).toBe(false)
  })

  it('reloads with refresh, or pwa_update on iOS, replacing an earlier one', () => {
    expect(reloadAddress('https://app.test/home?refresh=1#top', false, 42)).toBe('/home?refresh=42#top')
    expect(reloadAddress('https://app.test/search?q=dune', true, 42)).toBe('/search?q=dune&pwa_update=42')
  })
})
