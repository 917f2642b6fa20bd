import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/email-campaigns')({
  component: () => (
    <AdminScreen
      title="Email campaigns"
      emptyText="No campaigns yet. Campaigns, their steps and triggers will be listed here."
    />
  ),
})
