import { EmailTemplateEdited, EmailTemplateRestored } from '@reelmates/contracts/emailTemplates'
import { defineProjector } from '../projector'

export const emailTemplatesCollection = 'email_templates'

/**
 * Admins' edits of email templates (spec §3 `email_templates`), one document per edited template.
 * A template without a document is in its built-in text (the seed, kept with the scheduler's mails).
 */
export const emailTemplateEdits = defineProjector({
  name: 'email_templates',
  version: 1,
  collections: [emailTemplatesCollection],
  handles: [EmailTemplateEdited, EmailTemplateRestored],
  async project(event, db) {
    const templates = db.collection(emailTemplatesCollection)
    switch (event.type) {
      case 'EmailTemplateEdited': {
        const { name, subject, textContent, htmlContent, description, editedBy, editedAt } = event.data
        await templates.updateOne(
          { _id: name },
          { $set: { name, subject, textContent, htmlContent, description, editedBy, editedAt } },
          { upsert: true },
        )
        return
      }
      case 'EmailTemplateRestored':
        await templates.deleteOne({ _id: event.data.name })
    }
  },
})
