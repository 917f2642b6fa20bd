import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { EmailTemplatesEditor } from '../../features/emailTemplates/EmailTemplatesEditor'
import { CampaignsEditor } from '../../features/campaigns/CampaignsEditor'
import { SendHistory } from '../../features/campaigns/SendHistory'

export const Route = createFileRoute('/_admin/admin/email-campaigns')({
  component: () => (
    <AdminScreen title="Email campaigns" emptyText="">
      <section aria-labelledby="campaigns-title" className="mt-6">
        <h2 id="campaigns-title" className="mb-4 text-lg font-semibold text-white">
          Campaigns
        </h2>
        <CampaignsEditor />
      </section>
      <section aria-labelledby="templates-title" className="mt-6">
        <h2 id="templates-title" className="mb-4 text-lg font-semibold text-white">
          Email templates
        </h2>
        <EmailTemplatesEditor />
      </section>
      <section aria-labelledby="send-history-title" className="mt-6">
        <h2 id="send-history-title" className="mb-4 text-lg font-semibold text-white">
          Send history
        </h2>
        <SendHistory />
      </section>
    </AdminScreen>
  ),
})
