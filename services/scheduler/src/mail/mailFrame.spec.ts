import { describe, expect, it } from 'vitest'
import { builtInTemplates } from './builtInTemplates'

describe('the frame of every built-in mail', () => {
  it.each(builtInTemplates.map((template) => [template.name, template] as const))(
    '%s lays out at a phone’s width and wraps long words',
    (_name, template) => {
      expect(template.htmlContent).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
      expect(template.htmlContent).toContain('<meta name="color-scheme" content="light">')
      expect(template.htmlContent).toMatch(/<body style="[^"]*overflow-wrap:anywhere/)
    },
  )

  it('gives the button’s address in words as a link too', () => {
    const reset = builtInTemplates.find((template) => template.name === 'password-reset')
    expect(reset?.htmlContent).toContain('Or open this address: <a href="{{link}}"')
  })
})
