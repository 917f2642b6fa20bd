import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'

export const Route = createFileRoute('/_admin/test-digest')({
  component: () => (
    <AdminScreen title="Test digest" emptyText="Preview and send a test daily or weekly digest from here." />
  ),
})
