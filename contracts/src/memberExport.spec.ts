import { describe, expect, it } from 'vitest'
import { memberExportFileName } from './memberExport'

describe("the file name of a member's data", () => {
  const day = new Date('2026-12-01T23:30:00.000Z')

  it('keeps a name as written, its marks too (a Devanagari or Thai name loses no vowel sign)', () => {
    expect(memberExportFileName('राम', day)).toBe('reelmates-राम-2026-12-01.json')
    expect(memberExportFileName('สมศักดิ์', day)).toBe('reelmates-สมศักดิ์-2026-12-01.json')
    expect(memberExportFileName('inés.m', day)).toBe('reelmates-inés.m-2026-12-01.json')
  })

  it('names the day in the member’s time zone when given, else in UTC', () => {
    expect(memberExportFileName('bella', day, 'America/Los_Angeles')).toBe('reelmates-bella-2026-12-01.json')
    expect(memberExportFileName('aroha', day, 'Pacific/Auckland')).toBe('reelmates-aroha-2026-12-02.json')
    const lateInLosAngeles = new Date('2026-12-01T07:43:00.000Z')
    expect(memberExportFileName('bella', lateInLosAngeles, 'America/Los_Angeles')).toBe(
      'reelmates-bella-2026-11-30.json',
    )
    expect(memberExportFileName('bella', lateInLosAngeles)).toBe('reelmates-bella-2026-12-01.json')
  })

  it('takes out what could break the header or a path', () => {
    expect(memberExportFileName('a"b/c\\\\d', day)).toBe('reelmates-a_b_c__d-2026-12-01.json')
  })
})
