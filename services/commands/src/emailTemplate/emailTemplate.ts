import {
  EmailTemplateEdited,
  EmailTemplateRestored,
  EmailTemplateTestRequested,
  placeholdersOf,
  withoutPlaceholders,
  type EmailTemplateEdit,
  type EmailTemplateEvent,
} from '@reelmates/contracts/emailTemplates'
import { changedSince } from '../changedSince'
import { DomainError, type Decider } from '../decider'

export const emailTemplateStreamId = (name: string) => `email-template-${name}`

export class UnknownTemplateVariable extends DomainError {
  override readonly name = 'UnknownTemplateVariable'
  constructor(unknown: string[], allowed: readonly string[]) {
    super(
      'invalid',
      `This template cannot use ${unknown.map((name) => `{{${name}}}`).join(', ')}: its mails fill in ${
        allowed.length > 0 ? allowed.map((name) => `{{${name}}}`).join(', ') : 'no variables'
      }.`,
    )
  }
}

export class MissingTemplateVariable extends DomainError {
  override readonly name = 'MissingTemplateVariable'
  constructor(missing: { text: string[]; html: string[] }) {
    const named = (names: string[]) => names.map((name) => `{{${name}}}`).join(', ')
    const where = [
      ...(missing.text.length > 0 ? [`${named(missing.text)} in its text`] : []),
      ...(missing.html.length > 0 ? [`${named(missing.html)} in its HTML`] : []),
    ]
    super('invalid', `This template must keep ${where.join(' and ')}: without it its mails cannot do their job.`)
  }
}

/**
 * Braces that make no variable: `{{username` (never closed), a stray `}}`, `{{first name}}`, or three
 * braces (`{{{username}}}`, which filled in as `{ada}`). Rendering leaves them as they are, so members
 * would get them in their mail.
 */
export class BrokenPlaceholder extends DomainError {
  override readonly name = 'BrokenPlaceholder'
  constructor(message: string) {
    super('invalid', message)
  }
}

/** A variable the mails need, in the HTML only where a reader cannot see or click it. */
export class HiddenTemplateVariable extends DomainError {
  override readonly name = 'HiddenTemplateVariable'
  constructor(message: string) {
    super('invalid', message)
  }
}

export class LinkInSubject extends DomainError {
  override readonly name = 'LinkInSubject'
  constructor(names: string[]) {
    super(
      'invalid',
      `${names.map((name) => `{{${name}}}`).join(', ')} cannot go in the subject: inbox lists and phone notifications show subjects, and a sign-in or reset link there would be in plain sight.`,
    )
  }
}

export class TemplateChangedSinceOpened extends DomainError {
  override readonly name = 'TemplateChangedSinceOpened'
  constructor() {
    super(
      'conflict',
      'This template was changed since you opened it (saved or restored by another admin or in another tab). Copy your changes, reload the page and apply them again.',
    )
  }
}

export class TemplateChangedBeforeRestore extends DomainError {
  override readonly name = 'TemplateChangedBeforeRestore'
  constructor() {
    super(
      'conflict',
      'This template was changed since you opened it (saved again by another admin or in another tab). Look at it again before restoring the built-in text.',
    )
  }
}

/** The variables each body must keep, or its mails cannot do their job (a reset mail's link). */
export interface RequiredVariables {
  text: readonly string[]
  html: readonly string[]
}

const parts = [
  ['subject', 'The subject'],
  ['textContent', 'The text version'],
  ['htmlContent', 'The HTML version'],
] as const

/** HTML comments, the last one to the end if it is never closed (the mail shows nothing after it). */
const htmlComments = /<!--[\s\S]*?(?:-->|$)/g
// A style sheet's rules close two blocks at once (`@media … { .a { … }}`): those are no placeholder.
const styleSheets = /<style[\s\S]*?(?:<\/style>|$)/gi

/** Why `text` (`label`: "The subject") has braces that make no variable, or nothing. */
function brokenPlaceholderIn(label: string, text: string): string | null {
  const triple = /\{{3,}\s*([a-zA-Z][a-zA-Z0-9_]*)?|\}{3,}/.exec(text)
  if (triple)
    return `${label} has three braces (${triple[0].startsWith('{') ? '{{{' : '}}}'}): a variable takes two on each side, as {{${triple[1] ?? 'username'}}}.`
  const left = withoutPlaceholders(text)
  const open = left.indexOf('{{')
  if (open >= 0) {
    const close = left.indexOf('}}', open)
    if (close < 0) return `${label} has a {{ with no }}: close the variable, as {{username}}, or take the {{ out.`
    const inside = left.slice(open + 2, close).trim()
    return `${label} has {{${inside.length > 30 ? `${inside.slice(0, 30)}…` : inside}}}, which is not a variable: a variable is a name of letters and digits between {{ and }}, as {{username}}.`
  }
  if (left.includes('}}'))
    return `${label} has a }} with no {{ before it: open the variable, as {{username}}, or take the }} out.`
  return null
}

/**
 * Why an edit cannot be used, or nothing: braces that make no variable, a variable its mails do not
 * fill in, or one it must keep and dropped (or hid in its HTML). The same check answers a preview and
 * a test, so that neither ever shows what Save refuses.
 */
export function checkTemplateEdit(
  edit: Pick<EmailTemplateEdit, 'subject' | 'textContent' | 'htmlContent'>,
  variables: readonly string[],
  required: RequiredVariables | undefined,
): void {
  for (const [part, label] of parts) {
    const text = part === 'htmlContent' ? edit[part].replace(styleSheets, '') : edit[part]
    const broken = brokenPlaceholderIn(label, text)
    if (broken) throw new BrokenPlaceholder(broken)
  }
  const unknown = placeholdersOf(edit).filter((name) => !variables.includes(name))
  if (unknown.length > 0) throw new UnknownTemplateVariable(unknown, variables)
  const links = placeholdersOf({ subject: edit.subject, textContent: '', htmlContent: '' }).filter((name) =>
    /link$/i.test(name),
  )
  if (links.length > 0) throw new LinkInSubject(links)
  if (!required) return
  const kept = (content: string) => placeholdersOf({ subject: '', textContent: content, htmlContent: '' })
  const inText = kept(edit.textContent)
  const inHtml = kept(edit.htmlContent)
  const missing = {
    text: required.text.filter((name) => !inText.includes(name)),
    html: required.html.filter((name) => !inHtml.includes(name)),
  }
  if (missing.text.length > 0 || missing.html.length > 0) throw new MissingTemplateVariable(missing)
  // In a comment the HTML keeps a variable that no reader sees; and a link the mail needs (an
  // unsubscribe link, a reset link) is only followed if it is a link's address.
  const shownHtml = edit.htmlContent.replace(htmlComments, '')
  const shown = kept(shownHtml)
  const commented = required.html.filter((name) => !shown.includes(name))
  if (commented.length > 0)
    throw new HiddenTemplateVariable(
      `{{${commented[0]}}} is only inside an HTML comment (<!-- … -->) in the HTML version, where nobody sees it: put it in the mail itself.`,
    )
  const notClickable = required.html.filter(
    // HTML's attribute names take any case and its values need no quotes. The address is the variable
    // alone: text glued after it (`?utm=x` after an unsubscribe link's `?token=`) breaks the link.
    (name) =>
      /link$/i.test(name) &&
      !new RegExp(`href\\s*=\\s*["']?\\{\\{\\s*${name}\\s*\\}\\}(?=["'\\s>])`, 'i').test(shownHtml),
  )
  if (notClickable.length > 0) {
    const name = notClickable[0] ?? ''
    throw new HiddenTemplateVariable(
      `In the HTML version, {{${name}}} must be a link's address, as <a href="{{${name}}}">…</a>: as bare text it is a long address, and a link only where the mail client makes it one.`,
    )
  }
}

export type EmailTemplateCommand =
  | {
      type: 'EditEmailTemplate'
      name: string
      edit: EmailTemplateEdit
      /** The template's description before this edit, kept when the edit gives none. */
      currentDescription: string
      /** The variables the template's mails fill in: the only ones it may use. */
      variables: readonly string[]
      /** The ones it must keep, if any. */
      required?: RequiredVariables
      /**
       * The template's `editedAt` as the form last had it (null: the built-in text); a save over a
       * later change is refused.
       */
      basedOn?: string | null | undefined
      adminId: string
      at: string
    }
  | {
      type: 'RestoreEmailTemplate'
      name: string
      /**
       * The template's `editedAt` as the form had it: a restore would throw away an edit saved since,
       * unseen, so it is refused.
       */
      basedOn?: string | null | undefined
      adminId: string
      at: string
    }
  | {
      type: 'RequestTemplateTest'
      name: string
      /** The text to test, as the admin's form has it: checked as a save is (a test never shows what Save refuses). */
      edit: Pick<EmailTemplateEdit, 'subject' | 'textContent' | 'htmlContent'>
      variables: readonly string[]
      required?: RequiredVariables
      adminId: string
      at: string
    }

export interface EmailTemplateState {
  /**
   * When the edit in use was saved; null while the built-in text is (never edited, or restored). It
   * names what the template says, so a save based on it writes over nothing its admin did not see.
   */
  editedAt: string | null
}

export const emailTemplate: Decider<EmailTemplateCommand, EmailTemplateEvent, EmailTemplateState> = {
  initialState: () => ({ editedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'EmailTemplateEdited':
        return { editedAt: event.data.editedAt }
      case 'EmailTemplateRestored':
        return { editedAt: null }
      case 'EmailTemplateTestRequested':
        return state
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'EditEmailTemplate': {
        if (changedSince(command.basedOn, state.editedAt)) throw new TemplateChangedSinceOpened()
        checkTemplateEdit(command.edit, command.variables, command.required)
        const { edit } = command
        return [
          EmailTemplateEdited({
            name: command.name,
            subject: edit.subject,
            textContent: edit.textContent,
            htmlContent: edit.htmlContent,
            description: edit.description ?? command.currentDescription,
            editedBy: command.adminId,
            editedAt: command.at,
          }),
        ]
      }
      case 'RestoreEmailTemplate':
        // The built-in text already (another admin restored it): nothing is thrown away, nothing refused.
        if (state.editedAt === null) return []
        if (changedSince(command.basedOn, state.editedAt)) throw new TemplateChangedBeforeRestore()
        return [EmailTemplateRestored({ name: command.name, restoredBy: command.adminId, restoredAt: command.at })]
      case 'RequestTemplateTest': {
        checkTemplateEdit(command.edit, command.variables, command.required)
        const { subject, textContent, htmlContent } = command.edit
        return [
          EmailTemplateTestRequested({
            name: command.name,
            subject,
            textContent,
            htmlContent,
            requestedBy: command.adminId,
            requestedAt: command.at,
          }),
        ]
      }
    }
  },
}
