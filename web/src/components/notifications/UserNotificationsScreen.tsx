import { useQuery } from '@tanstack/react-query'
import { announcementsQuery } from '../../features/notifications/queries'
import { useShownFailure } from '../../lib/shownFailure'
import { AdminLoadFailed } from '../admin/AdminLoadFailed'
import { AdminScreen } from '../shell/AdminScreen'
import { AnnouncementForm } from './AnnouncementForm'
import { AnnouncementList } from './AnnouncementList'

/** /admin/user-notifications: write an announcement, and see who received the ones sent. */
export function UserNotificationsScreen() {
  const sent = useQuery(announcementsQuery())
  const failure = useShownFailure(sent)
  return (
    <AdminScreen title="User notifications">
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <AnnouncementForm />
        <section aria-labelledby="sent-title" className="grid min-w-0 content-start gap-3">
          <h2 id="sent-title" className="text-base font-semibold text-white">
            Sent
          </h2>
          {failure ? <AdminLoadFailed error={failure} onRetry={() => void sent.refetch()} /> : null}
          {sent.data ? <AnnouncementList announcements={sent.data.announcements} /> : null}
        </section>
      </div>
    </AdminScreen>
  )
}
