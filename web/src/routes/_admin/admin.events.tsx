import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { EventHistory } from '../../features/admin/EventHistory'
import { historyFilterSearch } from '../../features/admin/historyFilter'

export const Route = createFileRoute('/_admin/admin/events')({
  validateSearch: historyFilterSearch,
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
