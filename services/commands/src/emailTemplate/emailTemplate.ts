import {
  EmailTemplateEdited,
  EmailTemplateRestored,
  placeholdersOf,
  type EmailTemplateEdit,
  type EmailTemplateEvent,
} from '@reelmates/contracts/emailTemplates'
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

export type EmailTemplateCommand =
  | {
      type: 'EditEmailTemplate'
      name: string
      edit: EmailTemplateEdit
      /** The template's description before this edit, kept when the edit gives none. */
      currentDescription: string
      /** The variables the template's mails fill in: the only ones it may use. */
      variables: readonly string[]
      adminId: string
      at: string
    }
  | { type: 'RestoreEmailTemplate'; name: string; adminId: string; at: string }

export interface EmailTemplateState {
  edited: boolean
}

export const emailTemplate: Decider<EmailTemplateCommand, EmailTemplateEvent, EmailTemplateState> = {
  initialState: () => ({ edited: false }),
  evolve: (_state, event) => ({ edited: event.type === 'EmailTemplateEdited' }),
  decide(command, state) {
    switch (command.type) {
      case 'EditEmailTemplate': {
        const { edit, variables } = command
        const unknown = placeholdersOf(edit).filter((name) => !variables.includes(name))
        if (unknown.length > 0) throw new UnknownTemplateVariable(unknown, variables)
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
        return state.edited
          ? [EmailTemplateRestored({ name: command.name, restoredBy: command.adminId, restoredAt: command.at })]
          : []
    }
  },
}
