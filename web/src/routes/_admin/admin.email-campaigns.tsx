import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { EmailTemplatesEditor } from '../../features/emailTemplates/EmailTemplatesEditor'

export const Route = createFileRoute('/_admin/admin/email-campaigns')({
  component: () => (
    <AdminScreen title="Email campaigns" emptyText="">
      <section aria-labelledby="templates-title" className="mt-6">
        <h2 id="templates-title" className="mb-4 text-lg font-semibold text-white">
          Email templates
        </h2>
        <EmailTemplatesEditor />
      </section>
    </AdminScreen>
  ),
})
