import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/admin/refresh-api-cache')({
  component: () => (
    <AdminScreen
      title="Refresh catalog cache"
      emptyText="Cache refresh controls for trending lists and provider rows will appear here."
    />
  ),
})
