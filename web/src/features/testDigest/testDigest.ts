import type { TestDigestAnswer } from '@reelmates/contracts/digests'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { requests } from '../../lib/api'
import { tellRefusal } from '../../lib/mutations'
import { toast } from '../../lib/toast'

const path = '/api/admin/test-digest'

/** A member's digest as it would go out now; read again each time it is opened, since "now" moves. */
export const testDigestQuery = (username: string) =>
  queryOptions({
    queryKey: ['admin', 'test-digest', username] as const,
    queryFn: () => requests.get<TestDigestAnswer>(`${path}?${new URLSearchParams({ username }).toString()}`),
    staleTime: 0,
    retry: false,
  })

/** "Send it to me": the member's digest, as it is now, to the admin's own address. */
export function useSendTestDigest() {
  return useMutation({
    mutationFn: (username: string) => requests.send<{ message: string }>('POST', path, { username }),
    onSuccess: (answer) => toast({ title: 'Test digest sent', description: answer.message, variant: 'success' }),
    onError: (error) => tellRefusal("Couldn't send the test digest", error),
  })
}
