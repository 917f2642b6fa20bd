import { describe, it } from 'vitest'
import {
  EmailTemplateEdited,
  EmailTemplateRestored,
  EmailTemplateTestRequested,
} from '@reelmates/contracts/emailTemplates'
import { specFor } from '../testing/givenWhenThen'
import {
  BrokenPlaceholder,
  emailTemplate,
  HiddenTemplateVariable,
  LinkInSubject,
  MissingTemplateVariable,
  TemplateChangedBeforeRestore,
  TemplateChangedSinceOpened,
  UnknownTemplateVariable,
  type EmailTemplateCommand,
} from './emailTemplate'

const given = specFor(emailTemplate)
const at = '2026-11-24T08:00:00.000Z'
const edit = (subject: string): Extract<EmailTemplateCommand, { type: 'EditEmailTemplate' }> => ({
  type: 'EditEmailTemplate',
  name: 'magic-link',
  edit: { subject, textContent: 'Go: {{link}}', htmlContent: '<a href="{{link}}">Go</a>' },
  currentDescription: 'A sign-in link.',
  variables: ['username', 'link'],
  adminId: 'admin-1',
  at,
})
const edited = EmailTemplateEdited({
  name: 'magic-link',
  subject: 'Hi {{username}}',
  textContent: 'Go: {{link}}',
  htmlContent: '<a href="{{link}}">Go</a>',
  description: 'A sign-in link.',
  editedBy: 'admin-1',
  editedAt: at,
})

describe('email template', () => {
  it('takes an edit that uses the variables its mails fill in', () =>
    given([]).when(edit('Hi {{username}}')).then([edited]))

  it('refuses a variable its mails never fill in', () =>
    given([])
      .when(edit('Hi {{firstName}}'))
      .thenThrows(UnknownTemplateVariable, /\{\{firstName\}\}/))

  it('refuses an edit that drops a variable its mails cannot do without, naming it and where', () => {
    const keepLink = { ...edit('Hi {{username}}'), required: { text: ['link'], html: ['link'] } }
    given([]).when(keepLink).then([edited])
    given([])
      .when({ ...keepLink, edit: { ...keepLink.edit, textContent: 'Hello {{username}}, no link here' } })
      .thenThrows(MissingTemplateVariable, /\{\{link\}\} in its text: /)
    given([])
      .when({ ...keepLink, edit: { subject: 'Hi', textContent: 'Hello', htmlContent: '<p>Hello</p>' } })
      .thenThrows(MissingTemplateVariable, /\{\{link\}\} in its text and \{\{link\}\} in its HTML/)
    // In the subject it does not count (and is refused: below): the bodies are what the reader clicks.
    given([])
      .when({ ...keepLink, edit: { subject: 'Hi', textContent: 'Hello', htmlContent: '<p>{{link}}</p>' } })
      .thenThrows(MissingTemplateVariable, /in its text:/)
  })

  describe('braces that make no variable, which members would get as they are', () => {
    const withBodies = (textContent: string, htmlContent: string) => {
      const command = edit('Hi {{username}}')
      return { ...command, edit: { ...command.edit, textContent, htmlContent } }
    }
    it.each([
      ['Hi {{username', 'The subject has a {{ with no }}: close the variable, as {{username}}, or take the {{ out.'],
      [
        'Hi username}}',
        'The subject has a }} with no {{ before it: open the variable, as {{username}}, or take the }} out.',
      ],
      [
        'Hi {{user name}}',
        'The subject has {{user name}}, which is not a variable: a variable is a name of letters and digits between {{ and }}, as {{username}}.',
      ],
      ['Hi {{{username}}}', 'The subject has three braces ({{{): a variable takes two on each side, as {{username}}.'],
      ['Hi {{username}}}', 'The subject has three braces (}}}): a variable takes two on each side, as {{username}}.'],
    ])('refuses the subject %s', (subject, message) =>
      given([]).when(edit(subject)).thenThrows(BrokenPlaceholder, message),
    )

    it('names the body it is in, text or HTML', () => {
      given([])
        .when(withBodies('Go: {{link}} {{username', '<a href="{{link}}">Go</a>'))
        .thenThrows(BrokenPlaceholder, /^The text version has a \{\{ with no \}\}/)
      given([])
        .when(withBodies('Go: {{link}}', '<a href="{{link}}">Go</a> }}'))
        .thenThrows(BrokenPlaceholder, /^The HTML version has a \}\} with no \{\{/)
      given([])
        .when(withBodies('Go: {{link}}', '<a href="{{link}}">Go</a> {{{username}}}'))
        .thenThrows(BrokenPlaceholder, /^The HTML version has three braces/)
    })

    it('takes a style sheet whose rules close two blocks at once, and single braces in words', () =>
      given([])
        .when(
          withBodies(
            'Go: {{link}} {not a variable}',
            '<style>@media (max-width:600px){.a{color:red}}</style><a href="{{link}}">Go</a>',
          ),
        )
        .then([
          {
            ...edited,
            data: {
              ...edited.data,
              textContent: 'Go: {{link}} {not a variable}',
              htmlContent: '<style>@media (max-width:600px){.a{color:red}}</style><a href="{{link}}">Go</a>',
            },
          },
        ]))
  })

  describe('a link the mails need, in the HTML where a reader can follow it', () => {
    const keepLink = (htmlContent: string) => {
      const command = edit('Hi {{username}}')
      return { ...command, edit: { ...command.edit, htmlContent }, required: { text: ['link'], html: ['link'] } }
    }
    it('refuses it only inside a comment, even one never closed', () => {
      for (const html of ['<p>Bye</p><!-- <a href="{{link}}">Go</a> -->', '<p>Bye</p><!-- <a href="{{link}}">Go</a>'])
        given([])
          .when(keepLink(html))
          .thenThrows(
            HiddenTemplateVariable,
            '{{link}} is only inside an HTML comment (<!-- … -->) in the HTML version, where nobody sees it: put it in the mail itself.',
          )
    })
    it('refuses it as bare text rather than a link’s address', () =>
      given([])
        .when(keepLink('<p>Go: {{link}}</p>'))
        .thenThrows(
          HiddenTemplateVariable,
          /^In the HTML version, \{\{link\}\} must be a link's address, as <a href="\{\{link\}\}">…<\/a>/,
        ))
    it('takes it as an address, in either quotes, with a comment beside it', () => {
      given([])
        .when(keepLink("<!-- the footer --><a href='{{ link }}'>Go</a>"))
        .then([{ ...edited, data: { ...edited.data, htmlContent: "<!-- the footer --><a href='{{ link }}'>Go</a>" } }])
    })
    it('takes it in any case, or unquoted, as HTML and mail clients do', () => {
      for (const html of ['<A HREF="{{link}}">Go</A>', '<a href={{link}}>Go</a>', '<a href={{link}} class="b">Go</a>'])
        given([])
          .when(keepLink(html))
          .then([{ ...edited, data: { ...edited.data, htmlContent: html } }])
    })
    it('refuses text glued after it, which breaks the address (a second ? after the token)', () => {
      for (const html of ['<a href="{{link}}?utm=x">Go</a>', '<a href="{{link}}&utm_source=mail">Go</a>'])
        given([])
          .when(keepLink(html))
          .thenThrows(HiddenTemplateVariable, /must be a link's address/)
    })
  })

  it('refuses a link in the subject, where inbox lists and notifications would show it', () => {
    given([])
      .when(edit('Reset it: {{link}}'))
      .thenThrows(
        LinkInSubject,
        '{{link}} cannot go in the subject: inbox lists and phone notifications show subjects, and a sign-in or reset link there would be in plain sight.',
      )
  })

  it('records a test of the text given, checked as a save is, and changes no version', () => {
    const test: EmailTemplateCommand = {
      type: 'RequestTemplateTest',
      name: 'magic-link',
      edit: edit('Draft {{username}}').edit,
      variables: ['username', 'link'],
      required: { text: ['link'], html: ['link'] },
      adminId: 'admin-1',
      at,
    }
    const tested = EmailTemplateTestRequested({
      name: 'magic-link',
      subject: 'Draft {{username}}',
      textContent: 'Go: {{link}}',
      htmlContent: '<a href="{{link}}">Go</a>',
      requestedBy: 'admin-1',
      requestedAt: at,
    })
    given([edited]).when(test).then([tested])
    given([])
      .when({ ...test, edit: { ...test.edit, subject: '{{firstName}}' } })
      .thenThrows(UnknownTemplateVariable)
    given([])
      .when({ ...test, edit: { ...test.edit, textContent: 'No link' } })
      .thenThrows(MissingTemplateVariable)
    // A save based on the version before the test is based on the version in use.
    given([edited, tested])
      .when({ ...edit('Hi again {{username}}'), basedOn: at })
      .then([EmailTemplateEdited({ ...edited.data, subject: 'Hi again {{username}}' })])
  })

  it('goes back to the built-in text, once', () => {
    const restore: EmailTemplateCommand = { type: 'RestoreEmailTemplate', name: 'magic-link', adminId: 'admin-1', at }
    given([edited])
      .when(restore)
      .then([EmailTemplateRestored({ name: 'magic-link', restoredBy: 'admin-1', restoredAt: at })])
    given([]).when(restore).thenNothingHappens()
  })

  describe('saving over a change made since the form had the template', () => {
    const later = '2026-11-24T09:00:00.000Z'
    const editedLater = EmailTemplateEdited({ ...edited.data, subject: 'Theirs', editedBy: 'admin-2', editedAt: later })
    const restored = EmailTemplateRestored({ name: 'magic-link', restoredBy: 'admin-2', restoredAt: later })
    /** A save of the form, based on the template's `editedAt` as the form had it (null: the built-in text). */
    const save = (basedOn: string | null | undefined, saveAt = '2026-11-24T10:00:00.000Z') => ({
      ...edit('Mine'),
      basedOn,
      at: saveAt,
    })
    const saved = (editedAt: string) => EmailTemplateEdited({ ...edited.data, subject: 'Mine', editedAt })

    it('refuses a save over another admin’s edit', () => {
      given([edited, editedLater])
        .when(save(at))
        .thenThrows(TemplateChangedSinceOpened, 'This template was changed since you opened it')
      given([editedLater]).when(save(null)).thenThrows(TemplateChangedSinceOpened)
    })

    it('refuses a save over a restore of the edit the form had, but not one based on the built-in text it restored', () => {
      given([edited, restored]).when(save(at)).thenThrows(TemplateChangedSinceOpened)
      // The template says again what that form had: the save writes over nothing its admin did not see.
      given([editedLater, restored])
        .when(save(null))
        .then([saved('2026-11-24T10:00:00.000Z')])
    })

    it('takes a save based on the form’s own previous save, which the version it opened no longer matches', () => {
      const ownSave = saved('2026-11-24T10:00:00.000Z')
      given([ownSave])
        .when(save('2026-11-24T10:00:00.000Z', '2026-11-24T10:05:00.000Z'))
        .then([saved('2026-11-24T10:05:00.000Z')])
      given([ownSave]).when(save(null)).thenThrows(TemplateChangedSinceOpened)
    })
  })

  describe('restoring the built-in text over a change made since the form had the template', () => {
    const later = '2026-11-24T09:00:00.000Z'
    const editedLater = EmailTemplateEdited({ ...edited.data, subject: 'Theirs', editedBy: 'admin-2', editedAt: later })
    const restore = (basedOn: string | null | undefined): EmailTemplateCommand => ({
      type: 'RestoreEmailTemplate',
      name: 'magic-link',
      basedOn,
      adminId: 'admin-1',
      at: '2026-11-24T10:00:00.000Z',
    })
    const restored = EmailTemplateRestored({
      name: 'magic-link',
      restoredBy: 'admin-1',
      restoredAt: '2026-11-24T10:00:00.000Z',
    })

    it('refuses to throw away an edit saved since, unseen', () => {
      given([edited, editedLater])
        .when(restore(at))
        .thenThrows(TemplateChangedBeforeRestore, /changed since you opened it.*look at it again before restoring/is)
      given([editedLater]).when(restore(null)).thenThrows(TemplateChangedBeforeRestore)
    })

    it('restores the edit the form had, and without basedOn (an older client) whatever is in use', () => {
      given([edited, editedLater]).when(restore(later)).then([restored])
      given([edited, editedLater]).when(restore(undefined)).then([restored])
    })

    it('does nothing, and refuses nothing, when the built-in text is in use already', () =>
      given([edited, EmailTemplateRestored({ name: 'magic-link', restoredBy: 'admin-2', restoredAt: later })])
        .when(restore(at))
        .thenNothingHappens())
  })
})
