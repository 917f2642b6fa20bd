/**
 * An email template (spec §3 `email_templates`): a subject, a text and an HTML body with `{{variable}}`
 * placeholders. Values are escaped in the HTML body and put as they are in the subject and text.
 */
export interface EmailTemplate {
  name: string
  description: string
  subject: string
  textContent: string
  htmlContent: string
  /** The variables the mails of this template fill in, shown to admins who edit it. */
  variables: readonly string[]
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const placeholder = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function fill(content: string, variables: Readonly<Record<string, string>>, escape: (value: string) => string) {
  // An unknown placeholder stays visible rather than vanishing, so a typo in an edited template shows in its preview.
  return content.replace(placeholder, (whole, name: string) =>
    Object.hasOwn(variables, name) ? escape(variables[name] ?? '') : whole,
  )
}

export function renderTemplate(template: EmailTemplate, variables: Readonly<Record<string, string>>): RenderedMail {
  return {
    subject: fill(template.subject, variables, (value) => value.replace(/[\r\n]+/g, ' ')),
    text: fill(template.textContent, variables, (value) => value),
    html: fill(template.htmlContent, variables, escapeHtml),
  }
}

/** The placeholders a template uses, for checking an edit against the variables its mails fill in. */
export function placeholdersOf(template: Pick<EmailTemplate, 'subject' | 'textContent' | 'htmlContent'>): string[] {
  const found = new Set<string>()
  for (const content of [template.subject, template.textContent, template.htmlContent]) {
    for (const match of content.matchAll(placeholder)) if (match[1]) found.add(match[1])
  }
  return [...found]
}
