import type { EmailTemplateItem } from '@reelmates/contracts/emailTemplates'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import {
  emailTemplateQueries,
  type EditedEmailTemplate,
} from '@reelmates/projections/emailTemplates/emailTemplateQueries'
import { builtInTemplate, builtInTemplates } from './builtInTemplates'
import type { EmailTemplate } from './template'

/**
 * The templates mails are rendered from: each built-in one (the seed), with an admin's edit of it in
 * its place while there is one.
 */
export function emailTemplates(readStore: Pick<ReadStore, 'collection'>) {
  const queries = emailTemplateQueries(readStore)
  const current = (builtIn: EmailTemplate, edit: EditedEmailTemplate | null): EmailTemplateItem => ({
    ...builtIn,
    ...(edit ?? {}),
    variables: [...builtIn.variables],
    edited: edit !== null,
    editedAt: edit?.editedAt ?? null,
  })
  return {
    named: async (name: string): Promise<EmailTemplateItem> => {
      const builtIn = builtInTemplate(name)
      if (!builtIn) throw new Error(`no email template named ${name}`)
      return current(builtIn, await queries.editOf(name))
    },
    all: async (): Promise<EmailTemplateItem[]> => {
      const edits = await queries.edited()
      return builtInTemplates.map((builtIn) => current(builtIn, edits.get(builtIn.name) ?? null))
    },
  }
}
