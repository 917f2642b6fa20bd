import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { describeAge, useOldestShownAnswer } from '../../features/offline/answerAge'
import { useConnection, whenChangesGoOut } from '../../lib/connection'

/**
 * Offline, or online without reaching the server: says so, and how old the answers on screen are;
 * changes wait and go out once the server answers.
 */
export function OfflineBanner() {
  const reach = useConnection()
  const online = reach === 'online'
  const queryClient = useQueryClient()
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
      className="sticky top-0 z-[45] flex flex-wrap items-center justify-center gap-x-2 border-b border-amber-400/30 bg-amber-950/95 px-4 py-2 text-center text-sm text-amber-100 backdrop-blur"
    >
      <span className="font-semibold">{reach === 'unreachable' ? "Can't reach Reelmates." : "You're offline."}</span>
      <span>
        {savedAt === undefined
          ? `Changes you make are kept and sent ${whenChangesGoOut(reach)}.`
          : `Showing what was saved ${describeAge(savedAt, now)}; changes are sent ${whenChangesGoOut(reach)}.`}
      </span>
    </div>
  )
}
