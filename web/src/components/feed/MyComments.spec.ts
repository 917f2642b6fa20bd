import { describe, expect, it } from 'vitest'
import { whatItWasOn } from './MyComments'

const on = (
  owner: string | null,
  activityType: 'watched' | 'friendship' = 'watched',
  mediaTitle: string | null = 'Dune',
) => ({
  id: 'watched:1',
  activityType,
  mediaTitle,
  owner,
  visible: owner !== null,
})

describe('what one of my comments was on', () => {
  it("names a friend's activity, my own, and one I no longer see without its owner", () => {
    expect(whatItWasOn(on('ann'), 'bob')).toBe("ann's watch of Dune")
    expect(whatItWasOn(on('bob'), 'bob')).toBe('your watch of Dune')
    expect(whatItWasOn(on(null), 'bob')).toBe('a watch of Dune')
  })

  it('says an activity with no title by its kind alone', () =>
    expect(whatItWasOn(on('ann', 'friendship', null), 'bob')).toBe("ann's new friendship"))
})
