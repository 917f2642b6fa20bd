/**
 * An email template as the scheduler renders it: a subject, a text and an HTML body with
 * `{{variable}}` placeholders (rendering: `renderEmailTemplate` in contracts, shared with previews).
 */
export interface EmailTemplate {
  name: string
  description: string
  subject: string
  textContent: string
  htmlContent: string
  /** The variables the mails of this template fill in, shown to admins who edit it. */
  variables: readonly string[]
}
