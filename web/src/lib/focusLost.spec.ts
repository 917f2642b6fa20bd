import { afterEach, describe, expect, it } from 'vitest'
import { focusIsLost } from './focusLost'

afterEach(() => {
  document.body.replaceChildren()
})

describe('whether the focus is lost', () => {
  it('is when nothing but the body has it, as after the focused element went away', () => {
    const button = document.createElement('button')
    document.body.append(button)
    button.focus()
    expect(focusIsLost()).toBe(false)
    button.remove()
    expect(focusIsLost()).toBe(true)
  })
})
