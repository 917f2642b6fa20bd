import { createFileRoute } from '@tanstack/react-router'
import { AdminScreen } from '../../components/shell/AdminScreen'
import { keepingScroll } from '../../components/shell/ScrollToTop'
import { EventHistory } from '../../features/admin/EventHistory'
import { historyAddress } from '../../features/admin/historyFilter'

export const Route = createFileRoute('/_admin/admin/events')({
  validateSearch: historyAddress,
  component: EventsScreen,
})

function EventsScreen() {
  const { event: opened, ...filter } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <AdminScreen title="Event history">
      <EventHistory
        key={JSON.stringify(filter)}
        filter={filter}
        onFilter={(next) => void navigate({ search: next })}
        // A correction, not a new search: Back does not return to the miscased address.
        onRespell={(type) => void navigate({ search: (search) => ({ ...search, type }), replace: true })}
        opened={opened}
        // Opening or closing an event is no new page: the address keeps it (a reload, a shared link),
        // the Back button does not, and the list stays where it was scrolled.
        onOpen={(event) =>
          void navigate({ search: (search) => ({ ...search, event }), replace: true, ...keepingScroll })
        }
      />
    </AdminScreen>
  )
}
