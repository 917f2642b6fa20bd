import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { AnalyticsCharts } from '../../features/admin/AnalyticsCharts'

export const Route = createFileRoute('/_admin/admin/')({
  validateSearch: z.object({
    days: z
      .union([z.literal(7), z.literal(30), z.literal(90)])
      .catch(30)
      .default(30),
  }),
  component: Overview,
})

function Overview() {
  const { days } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AdminScreen title="Admin">
      <AnalyticsCharts days={days} onDays={(next) => void navigate({ search: { days: next } })} />
    </AdminScreen>
  )
}
