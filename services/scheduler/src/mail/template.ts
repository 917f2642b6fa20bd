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
  /**
   * The variables each body must keep, or the mail cannot do its job (a reset mail without its
   * link, a campaign mail without its unsubscribe link): an edit that drops one is refused.
   */
  required?: TemplateRequirements
}

export interface TemplateRequirements {
  text: readonly string[]
  html: readonly string[]
}
