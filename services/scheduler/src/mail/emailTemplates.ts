import type { ReadStore } from '@reelmates/infra/readStore/port'
import { builtInTemplate, builtInTemplates } from './builtInTemplates'
import type { EmailTemplate } from './template'

/** The templates mails are rendered from: the built-in ones. */
export function emailTemplates(_readStore: ReadStore) {
  return {
    named: (name: string): Promise<EmailTemplate> => {
      const template = builtInTemplate(name)
      if (!template) return Promise.reject(new Error(`no email template named ${name}`))
      return Promise.resolve(template)
    },
    all: (): Promise<readonly EmailTemplate[]> => Promise.resolve(builtInTemplates),
  }
}
