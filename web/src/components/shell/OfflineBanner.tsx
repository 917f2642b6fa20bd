import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { describeAge, useOldestShownAnswer } from '../../features/offline/answerAge'
import { useOnline } from '../../features/offline/connection'

/** Offline: says so, and how old the answers on screen are; changes wait and go out once back online. */
export function OfflineBanner() {
  const online = useOnline()
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
      <span className="font-semibold">You're offline.</span>
      <span>
        {savedAt === undefined
          ? 'Changes you make are kept and sent when you’re back online.'
          : `Showing what was saved ${describeAge(savedAt, now)}; changes are sent when you’re back online.`}
      </span>
    </div>
  )
}
