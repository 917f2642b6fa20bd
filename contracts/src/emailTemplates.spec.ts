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

  it("sets a value in a right-to-left script apart from the template's sentence, in the subject, the text and the HTML", () => {
    const rendered = renderEmailTemplate(
      {
        subject: '{{name}} recommends {{title}}',
        textContent: 'Hi {{name}}, 10 films',
        htmlContent: '<p>{{name}} · {{link}}</p>',
      },
      { name: 'سارة_7', title: 'Dune', link: 'https://reelmates.example/r/%D8%B3' },
    )
    expect(rendered.subject).toBe('\u2068سارة_7\u2069 recommends Dune')
    expect(rendered.text).toBe('Hi \u2068سارة_7\u2069, 10 films')
    expect(rendered.html).toBe('<p>\u2068سارة_7\u2069 · https://reelmates.example/r/%D8%B3</p>')
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
