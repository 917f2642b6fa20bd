import { EmailTemplateTestRequested, testMailSubjectPrefix } from '@reelmates/contracts/emailTemplates'
import { builtInTemplate } from '../builtInTemplates'
import { defineMail } from '../defineMail'
import { sampleVariables } from '../sampleVariables'

/**
 * An admin's test of a template, to their own address: the text their form had, filled with the
 * preview's sample values but their own username, its subject marked as a test.
 */
export const templateTestMail = defineMail({
  name: 'template-test',
  template: null,
  on: EmailTemplateTestRequested,
  async compose({ name, subject, textContent, htmlContent, requestedBy }, { members, publicUrl }) {
    const admin = await members.byId(requestedBy)
    const builtIn = builtInTemplate(name)
    if (!admin || !builtIn) return null
    return {
      to: admin.email,
      userId: admin.userId,
      variables: { ...sampleVariables(builtIn.variables, publicUrl, name), username: admin.username },
      content: { subject, textContent, htmlContent },
      subjectPrefix: testMailSubjectPrefix,
    }
  },
})
