import type { EmailTemplateEdit, EmailTemplateItem, EmailTemplateSave } from '@reelmates/contracts/emailTemplates'
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
  restore: (name: string) => requests.send<EmailTemplateItem>('DELETE', path(name)),
  preview: (name: string, edit: EmailTemplateEdit) =>
    requests.send<RenderedMail>('POST', `${path(name)}/preview`, edit),
}
