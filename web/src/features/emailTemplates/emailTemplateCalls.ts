import type {
  EmailTemplateEdit,
  EmailTemplateItem,
  EmailTemplateRestore,
  EmailTemplateSave,
} from '@reelmates/contracts/emailTemplates'
import { requests } from '../../lib/api'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const path = (name: string) => `/api/admin/email-templates/${encodeURIComponent(name)}`

export const emailTemplateCalls = {
  list: () => requests.get<{ templates: EmailTemplateItem[] }>('/api/admin/email-templates'),
  save: (name: string, edit: EmailTemplateSave) => requests.send<EmailTemplateItem>('PUT', path(name), edit),
  /** `basedOn`: the template's `editedAt` as the form has it; restoring over a later edit is refused. */
  restore: (name: string, basedOn: string | null) =>
    requests.send<EmailTemplateItem>('DELETE', path(name), { basedOn } satisfies EmailTemplateRestore),
  preview: (name: string, edit: EmailTemplateEdit) =>
    requests.send<RenderedMail>('POST', `${path(name)}/preview`, edit),
  /** Mails the admin the text as the form has it, with sample values; answers where it went. */
  sendTest: (name: string, edit: EmailTemplateEdit) =>
    requests.send<{ message: string }>('POST', `${path(name)}/test`, edit),
}
