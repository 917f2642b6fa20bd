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
