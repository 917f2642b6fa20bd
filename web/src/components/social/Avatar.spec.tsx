import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar } from './Avatar'

afterEach(cleanup)

describe('an avatar without a picture', () => {
  it("shows the username's first letter as it is seen, past the first UTF-16 unit", () => {
    for (const [username, letter] of [
      ['ann', 'A'],
      ['𠜎𠜎_fan', '𠜎'],
      ['éclair', 'É'],
      ['سارة_7', 'س'],
    ] as const) {
      const { container, unmount } = render(<Avatar username={username} avatarUrl={null} />)
      expect(container.textContent, username).toBe(letter)
      unmount()
    }
  })
})
