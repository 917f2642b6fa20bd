import { afterEach, describe, expect, it } from 'vitest'
import { focusableAfter } from './focusableAfter'

afterEach(() => document.body.replaceChildren())

describe('the control the keyboard goes on to after a part of the page', () => {
  it('skips what is inside it, before it, out of the Tab order or not drawn', () => {
    document.body.innerHTML = `
      <a href="/before">Before</a>
      <section id="card"><button>Hide</button></section>
      <button tabindex="-1">Row arrow</button>
      <div style="display: none"><a href="/hidden">Hidden on a phone</a></div>
      <a href="/gone" hidden>Gone</a>
      <span style="visibility: hidden"><button>Invisible</button></span>
      <button disabled>Disabled</button>
      <a href="/next">The first row</a>`
    expect(focusableAfter(document.getElementById('card') as HTMLElement)?.textContent).toBe('The first row')
  })

  it('is nobody when nothing follows', () => {
    document.body.innerHTML = '<section id="card"><button>Hide</button></section>'
    expect(focusableAfter(document.getElementById('card') as HTMLElement)).toBeNull()
  })
})
