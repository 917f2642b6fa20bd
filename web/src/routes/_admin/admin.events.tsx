import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { EventHistory } from '../../features/admin/EventHistory'

const filterSearch = z.object({
  userId: z.string().optional(),
  stream: z.string().optional(),
  type: z.string().optional(),
  correlationId: z.string().optional(),
  before: z.string().regex(/^\d+$/).optional(),
})

export const Route = createFileRoute('/_admin/admin/events')({
  validateSearch: filterSearch,
  component: EventsScreen,
})

function EventsScreen() {
  const filter = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AdminScreen title="Event history">
      <EventHistory key={JSON.stringify(filter)} filter={filter} onFilter={(next) => void navigate({ search: next })} />
    </AdminScreen>
  )
}
