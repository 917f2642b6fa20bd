import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { describeAge, useOldestShownAnswer } from '../../features/offline/answerAge'
import { currentUserKey } from '../../features/account/currentUser'
import { useConnection, whenChangesGoOut, type Connection } from '../../lib/connection'

/**
 * Offline, or online without reaching the server: says so, and how old the answers on screen are;
 * a member's changes wait and go out once the server answers. Signed out there is nothing to keep (a
 * sign-in cannot wait), so that is not promised.
 */
export function OfflineBanner() {
  const reach = useConnection()
  const online = reach === 'online'
  const queryClient = useQueryClient()
  // Read as the banner draws: it draws again with every change of the cache, this answer's included.
  const signedIn = Boolean(queryClient.getQueryData(currentUserKey))
  const savedAt = useOldestShownAnswer(queryClient)
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (online) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [online])
  if (online) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-[45] flex flex-wrap items-center justify-center gap-x-2 border-b border-amber-400/30 bg-amber-950/95 px-4 py-2 text-center text-sm text-amber-100 backdrop-blur print:hidden"
    >
      <span className="font-semibold">{reach === 'unreachable' ? "Can't reach Reelmates." : "You're offline."}</span>
      <span>
        {bannerDetail({ signedIn, age: savedAt === undefined ? undefined : describeAge(savedAt, now), reach })}
      </span>
    </div>
  )
}

function bannerDetail({
  signedIn,
  age,
  reach,
}: {
  signedIn: boolean
  age: string | undefined
  reach: Connection
}): string {
  const saved = age === undefined ? null : `Showing what was saved ${age}`
  if (!signedIn) return saved ? `${saved}.` : ''
  const changes = whenChangesGoOut(reach)
  // Only these changes wait (waitingChanges.ts); a profile edit or a friend request is refused offline,
  // and a banner promising every change would be untrue for them.
  const which = 'Changes to your lists, comments, reactions and recommendations'
  return saved ? `${saved}. ${which} are sent ${changes}.` : `${which} are kept and sent ${changes}.`
}
