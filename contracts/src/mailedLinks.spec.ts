import { describe, expect, it } from 'vitest'
import { maskedAddress, sameAddress } from './mailedLinks'

describe("a mailed link's address as its opener sees it", () => {
  it('keeps the first letter and the domain', () => expect(maskedAddress('erin@example.com')).toBe('e•••@example.com'))

  it('keeps a whole first letter, not half of one', () =>
    expect(maskedAddress('😀ann@example.com')).toBe('😀•••@example.com'))

  it('compares addresses as they are kept', () => {
    expect(sameAddress(' Erin@Example.com', 'erin@example.com')).toBe(true)
    expect(sameAddress('erin@example.com', null)).toBe(false)
  })
})
