import { defineQueries } from '../queries'
import { emailTemplateEdits, emailTemplatesCollection } from './emailTemplateEdits'

export interface EditedEmailTemplate {
  name: string
  subject: string
  textContent: string
  htmlContent: string
  description: string
  /** When this edit was saved: the version an admin's next save is based on. */
  editedAt: string
}

const editOf = (doc: Record<string, unknown>): EditedEmailTemplate => ({
  name: String(doc.name),
  subject: String(doc.subject),
  textContent: String(doc.textContent),
  htmlContent: String(doc.htmlContent),
  description: String(doc.description),
  editedAt: String(doc.editedAt),
})

/** The admins' edits of email templates, by name. */
export const emailTemplateQueries = defineQueries([emailTemplateEdits], (db) => ({
  async edited(): Promise<Map<string, EditedEmailTemplate>> {
    const docs = await db.collection(emailTemplatesCollection).find({})
    return new Map(docs.map((doc) => [String(doc.name), editOf(doc)]))
  },
  async editOf(name: string): Promise<EditedEmailTemplate | null> {
    const doc = await db.collection(emailTemplatesCollection).findOne({ _id: name })
    return doc ? editOf(doc) : null
  },
}))
