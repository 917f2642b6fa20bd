import { z } from 'zod'
import { basedOn } from './basedOn'
import { defineEvent, type EventOf } from './events'
import { isolated, shownText } from './text'

/**
 * Email templates (spec §3 `email_templates`): every mail is rendered from one. The built-in ones
 * live with the scheduler's mails; an admin's edit of one is an event on `email-template-<name>`.
 */

export const emailTemplateName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'A template name is lowercase letters, digits and dashes.')

export const emailTemplateEdit = z.object({
  // A line break in a subject would start a header of its own in the mail (`Bcc: …`).
  subject: shownText('The subject cannot be empty.')
    .max(200)
    .regex(/^[^\r\n]*$/, 'The subject must be one line.'),
  textContent: shownText('The text version cannot be empty.').max(20_000),
  htmlContent: shownText('The HTML version cannot be empty.').max(50_000),
  description: z.string().trim().max(500).optional(),
})
export type EmailTemplateEdit = z.infer<typeof emailTemplateEdit>

/**
 * A save of a template. `basedOn` is its `editedAt` as the form last had it (null: the built-in
 * text): a save over a change made since (an edit or a restore by another admin or tab) is refused (409).
 */
export const emailTemplateSave = emailTemplateEdit.extend({ basedOn: basedOn.nullable().optional() })
export type EmailTemplateSave = z.infer<typeof emailTemplateSave>

/**
 * A restore of the built-in text. `basedOn` is the template's `editedAt` as the form had it: a restore
 * that would throw away an edit saved since (by another admin or tab), unseen, is refused (409).
 * Without a body (an older client; Fastify hands it as null) it is taken as it comes.
 */
export const emailTemplateRestore = z.object({ basedOn: basedOn.nullable().optional() }).nullish()
export type EmailTemplateRestore = z.infer<typeof emailTemplateRestore>

export const emailTemplateItem = z.object({
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  textContent: z.string(),
  htmlContent: z.string(),
  /** The `{{variables}}` its mails fill in. */
  variables: z.array(z.string()),
  /** An admin's edit is in use (false: the built-in text). */
  edited: z.boolean(),
  /**
   * When the edit in use was saved; null while the built-in text is. It names what the template says,
   * so it is the version a save is based on: a restore moves it too.
   */
  editedAt: z.string().nullable(),
})
export type EmailTemplateItem = z.infer<typeof emailTemplateItem>

export const emailTemplatesAnswer = z.object({ templates: z.array(emailTemplateItem) })
export const emailTemplateParams = z.object({ name: emailTemplateName })
export const renderedMail = z.object({ subject: z.string(), text: z.string(), html: z.string() })

export const EmailTemplateEdited = defineEvent(
  'EmailTemplateEdited',
  z.object({
    name: z.string(),
    subject: z.string(),
    textContent: z.string(),
    htmlContent: z.string(),
    description: z.string(),
    editedBy: z.string(),
    editedAt: z.string(),
  }),
)

/** Back to the built-in text. */
export const EmailTemplateRestored = defineEvent(
  'EmailTemplateRestored',
  z.object({ name: z.string(), restoredBy: z.string(), restoredAt: z.string() }),
)

/**
 * An admin asked for a test of a template in their own inbox: the text as their form had it (saved or
 * not, checked as a save is), filled with sample values. It changes nothing about the template.
 */
export const EmailTemplateTestRequested = defineEvent(
  'EmailTemplateTestRequested',
  z.object({
    name: z.string(),
    subject: z.string(),
    textContent: z.string(),
    htmlContent: z.string(),
    requestedBy: z.string(),
    requestedAt: z.string(),
  }),
)

export type EmailTemplateEvent =
  | EventOf<typeof EmailTemplateEdited>
  | EventOf<typeof EmailTemplateRestored>
  | EventOf<typeof EmailTemplateTestRequested>

/** What a test mail's subject starts with, so that it is never taken for a real one. */
export const testMailSubjectPrefix = '[Test] '

/** The answer to a test request: where it goes (the admin's own address). */
export const templateTestAnswer = z.object({ message: z.string(), position: z.string().optional() })
export const templateTestSent = (email: string) => `A test is on its way to ${email}.`

const placeholder = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}\}/g

/** `text` with its `{{variables}}` taken out: what is left is the template's own words and marks. */
export const withoutPlaceholders = (text: string): string => text.replace(placeholder, '')

/** The `{{variables}}` a template's subject, text and HTML use. */
export function placeholdersOf(content: Pick<EmailTemplateEdit, 'subject' | 'textContent' | 'htmlContent'>): string[] {
  const found = new Set<string>()
  for (const part of [content.subject, content.textContent, content.htmlContent]) {
    for (const match of part.matchAll(placeholder)) if (match[1]) found.add(match[1])
  }
  return [...found]
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function fill(
  content: string,
  variables: Readonly<Record<string, string>>,
  escape: (value: string, name: string) => string,
) {
  // An unknown placeholder stays visible rather than vanishing, so a typo shows in the preview.
  return content.replace(placeholder, (whole, name: string) =>
    Object.hasOwn(variables, name) ? escape(variables[name] ?? '', name) : whole,
  )
}

/**
 * A variable named `…Html` is markup the scheduler composed (a digest's lists), with every value in
 * it escaped already: the HTML takes it as it is.
 */
const isComposedHtml = (name: string) => name.endsWith('Html')

/** Whether every placeholder in `part` (nothing else but spaces) names a variable given as empty. */
function onlyEmptyVariables(part: string, variables: Readonly<Record<string, string>>): boolean {
  const names = [...part.matchAll(placeholder)].map((match) => match[1] ?? '')
  return (
    names.length > 0 &&
    part.replace(placeholder, '').trim() === '' &&
    names.every((name) => Object.hasOwn(variables, name) && (variables[name] ?? '').trim() === '')
  )
}

/**
 * A line of text or an HTML paragraph made of nothing but variables left empty (a recommendation
 * without a note) goes, instead of leaving a blank line or an empty paragraph in the mail.
 */
function withoutEmptyLines(
  template: Pick<EmailTemplateEdit, 'textContent' | 'htmlContent'>,
  variables: Readonly<Record<string, string>>,
) {
  return {
    textContent: template.textContent
      .split('\n')
      .filter((line) => !onlyEmptyVariables(line, variables))
      .join('\n'),
    htmlContent: template.htmlContent.replace(/<p>([^<]*)<\/p>\n?/g, (whole, inner: string) =>
      onlyEmptyVariables(inner, variables) ? '' : whole,
    ),
  }
}

const inSentence = (value: string) => (value.includes('\n') ? value : isolated(value))

/**
 * Values are escaped in the HTML (but composed `…Html` ones) and put as they are in the text; a subject
 * stays on one line. A value in a right-to-left script is set apart from the template's sentence
 * (`isolated`), so "Hi سارة_7," or a Hebrew title keeps the words and numbers around it in order. A
 * value of several lines (a digest's sections, a note) is not: an isolate ends at a line break, and
 * such a value stands in lines of its own, whose names were set apart where it was composed.
 */
export function renderEmailTemplate(
  template: Pick<EmailTemplateEdit, 'subject' | 'textContent' | 'htmlContent'>,
  variables: Readonly<Record<string, string>>,
): z.infer<typeof renderedMail> {
  const { textContent, htmlContent } = withoutEmptyLines(template, variables)
  return {
    subject: fill(template.subject, variables, (value) => isolated(value.replace(/[\r\n]+/g, ' '))),
    text: fill(textContent, variables, inSentence),
    html: fill(htmlContent, variables, (value, name) => (isComposedHtml(name) ? value : escapeHtml(inSentence(value)))),
  }
}
