import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { unsubscribeWithToken } from '../../features/account/accountCalls'
import { Notice } from './FormParts'

/**
 * The landing of an email's unsubscribe link: it posts the link's token once the page runs (a link
 * scanner that only fetches the page unsubscribes nobody) and says what the server answered, never
 * more.
 */
export function TokenUnsubscribe({ token }: { token: string }) {
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeWithToken(token) })
  const { mutate } = unsubscribe
  useEffect(() => mutate(), [mutate])

  if (unsubscribe.isSuccess) {
    return (
      <Notice tone="success" title="Unsubscribed">
        {unsubscribe.data.message} Account emails such as password resets still arrive.
      </Notice>
    )
  }
  if (unsubscribe.isError) {
    return (
      <Notice tone="error" title="Unsubscribe Failed">
        {unsubscribe.error.message}
      </Notice>
    )
  }
  return <p className="text-zinc-300">Unsubscribing…</p>
}
