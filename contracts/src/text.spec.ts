import { describe, expect, it } from 'vitest'
import { invisibleTextCases, textWithMarksCases } from './testing/invisibleText'
import {
  characterCount,
  firstGrapheme,
  hasUnshowableCharacters,
  hasVisibleCharacter,
  isolated,
  shortenText,
} from './text'

describe('characterCount', () => {
  it('counts an emoji as one character, as zod and the deciders do', () => {
    expect(characterCount('😀'.repeat(3))).toBe(3)
    expect(characterCount('abc')).toBe(3)
  })
})

describe('shortenText', () => {
  it('leaves text within the limit as it is', () => {
    expect(shortenText('🎬'.repeat(5), 5)).toBe('🎬'.repeat(5))
  })

  it('never cuts an emoji in half: the cut keeps whole characters and ends in an ellipsis', () => {
    const cut = shortenText('🎬'.repeat(150), 120)
    expect(cut).toBe(`${'🎬'.repeat(119)}…`)
    expect(cut).not.toMatch(/[\uD800-\uDFFF]/u)
  })

  it('keeps a family emoji or a skin tone whole, or leaves it out whole', () => {
    const family = '👨‍👩‍👧‍👦'
    expect(shortenText(`ab${family}cd`, 5)).toBe('ab…')
    expect(shortenText(`a👩🏽‍🚀bcd`, 6)).toBe('a👩🏽‍🚀…')
  })
})

describe('firstGrapheme', () => {
  it('takes the whole first character, beyond the first UTF-16 unit', () => {
    expect(firstGrapheme('𠜎𠜎')).toBe('𠜎')
    expect(firstGrapheme('e\u0301lan')).toBe('e\u0301')
    expect(firstGrapheme('')).toBe('')
  })
})

describe('isolated', () => {
  it('sets a right-to-left name apart from the sentence around it', () => {
    expect(isolated('سارة_7')).toBe('\u2068سارة_7\u2069')
    expect(isolated('דנה')).toBe('\u2068דנה\u2069')
  })

  it('leaves words without a right-to-left letter exactly as typed', () => {
    expect(isolated('ann_1')).toBe('ann_1')
    expect(isolated('映画好き')).toBe('映画好き')
  })
})

describe('hasUnshowableCharacters', () => {
  it('finds control characters and half a character', () => {
    for (const text of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'half \uD83D', 'low \uDE00 first']) {
      expect(hasUnshowableCharacters(text), JSON.stringify(text)).toBe(true)
    }
  })

  it('lets tabs, line breaks, emoji and every script through', () => {
    for (const text of ['a\tb\nc\r\nd', '😀 👨‍👩‍👧‍👦', 'سارة', '映画', 'Z̷a̷l̷g̷o̷']) {
      expect(hasUnshowableCharacters(text), text).toBe(false)
    }
  })
})

describe('hasVisibleCharacter', () => {
  it.each(invisibleTextCases)('finds nothing to see in %s', (_shown, text) => {
    expect(hasVisibleCharacter(text)).toBe(false)
  })

  it.each(textWithMarksCases)('sees %s: its marks sit on a character that shows', (_shown, text) => {
    expect(hasVisibleCharacter(text)).toBe(true)
  })
})
