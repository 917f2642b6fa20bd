import { describe, expect, it } from 'vitest'
import { foldForSearch } from './searchFold'

describe('foldForSearch', () => {
  it('drops accents and lower-cases', () => {
    expect(foldForSearch('Émile')).toBe('emile')
    expect(foldForSearch('zoë')).toBe('zoe')
    expect(foldForSearch('Ça Ira')).toBe('ca ira')
  })

  it('drops a mark typed apart from its letter', () => {
    expect(foldForSearch('Zoe\u0308')).toBe('zoe')
  })

  it('spells out letters that do not decompose', () => {
    expect(foldForSearch('Ølaf')).toBe('olaf')
    expect(foldForSearch('Æon')).toBe('aeon')
    expect(foldForSearch('Œuvre')).toBe('oeuvre')
    expect(foldForSearch('ßtefan')).toBe('sstefan')
    expect(foldForSearch('Đorđe')).toBe('dorde')
    expect(foldForSearch('Łukasz')).toBe('lukasz')
    expect(foldForSearch('Þór')).toBe('thor')
    expect(foldForSearch('Işık')).toBe('isik')
  })

  it('folds compatibility forms', () => {
    expect(foldForSearch('Ｅｍｉｌｅ')).toBe('emile')
    expect(foldForSearch('ﬁlm')).toBe('film')
  })

  it('lower-cases a dotted capital I to a plain i', () => {
    expect(foldForSearch('İpek')).toBe('ipek')
  })
})
