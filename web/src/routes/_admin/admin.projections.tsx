import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { ProjectionsTable } from '../../features/admin/ProjectionsTable'

export const Route = createFileRoute('/_admin/admin/projections')({
  component: () => (
    <AdminScreen title="Projections and reactions">
      <ProjectionsTable />
    </AdminScreen>
  ),
})
