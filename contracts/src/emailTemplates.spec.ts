import { describe, expect, it } from 'vitest'
import { renderEmailTemplate } from './emailTemplates'

describe('renderEmailTemplate', () => {
  const template = {
    subject: 'Hi {{name}}',
    textContent: '{{name}}: {{listHtml}}',
    htmlContent: '<p>{{name}}</p>{{listHtml}}',
  }

  it('escapes values in the HTML, but takes a composed …Html variable as it is', () => {
    const rendered = renderEmailTemplate(template, { name: '<b>ann</b>', listHtml: '<ul><li>x</li></ul>' })
    expect(rendered.html).toBe('<p>&lt;b&gt;ann&lt;/b&gt;</p><ul><li>x</li></ul>')
    expect(rendered.text).toBe('<b>ann</b>: <ul><li>x</li></ul>')
    expect(rendered.subject).toBe('Hi <b>ann</b>')
  })
})

describe('a line made only of variables left empty', () => {
  const template = {
    subject: '{{from}} recommends a film',
    textContent: 'Hi,\n{{from}} recommends it.\n{{note}}\n\nSee it: {{link}}',
    htmlContent: '<p>Hi,</p>\n<p>{{from}} recommends it.</p>\n<p>{{note}}</p>\n<p>See it: {{link}}</p>',
  }

  it('goes from the text and the HTML, leaving no blank line or empty paragraph', () => {
    const rendered = renderEmailTemplate(template, { from: 'ann', note: '', link: 'https://x' })
    expect(rendered.text).toBe('Hi,\nann recommends it.\n\nSee it: https://x')
    expect(rendered.html).toBe('<p>Hi,</p>\n<p>ann recommends it.</p>\n<p>See it: https://x</p>')
  })

  it('stays when the variable has words, and when it is unknown (a typo shows)', () => {
    expect(renderEmailTemplate(template, { from: 'ann', note: '"Go"', link: 'x' }).text).toContain('\n"Go"\n')
    expect(renderEmailTemplate(template, { from: 'ann', link: 'x' }).html).toContain('<p>{{note}}</p>')
  })
})
