import { describe, it } from 'vitest'
import { EmailTemplateEdited, EmailTemplateRestored } from '@reelmates/contracts/emailTemplates'
import { specFor } from '../testing/givenWhenThen'
import { emailTemplate, UnknownTemplateVariable, type EmailTemplateCommand } from './emailTemplate'

const given = specFor(emailTemplate)
const at = '2026-11-24T08:00:00.000Z'
const edit = (subject: string): EmailTemplateCommand => ({
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

  it('goes back to the built-in text, once', () => {
    const restore: EmailTemplateCommand = { type: 'RestoreEmailTemplate', name: 'magic-link', adminId: 'admin-1', at }
    given([edited])
      .when(restore)
      .then([EmailTemplateRestored({ name: 'magic-link', restoredBy: 'admin-1', restoredAt: at })])
    given([]).when(restore).thenNothingHappens()
  })
})
