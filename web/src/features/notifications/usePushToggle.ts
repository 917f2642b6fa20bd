import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../lib/toast'
import { updateProfile } from '../account/accountCalls'
import { setCurrentUser } from '../account/currentUser'
import { subscribeThisDevice, unsubscribeThisDevice } from './pushDevice'

/**
 * The profile's push switch: turning it on asks the browser's permission and subscribes this device
 * at once; turning it off unsubscribes it. The preference is saved at once too, so the switch says
 * what this device does even before the rest of the form is saved. Answers whether the switch may move.
 */
export function usePushToggle() {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  async function change(on: boolean): Promise<boolean> {
    setBusy(true)
    try {
      await (on ? subscribeThisDevice() : unsubscribeThisDevice())
      setCurrentUser(queryClient, await updateProfile({ pushNotificationsEnabled: on }))
      toast({
        title: on ? 'Push notifications on' : 'Push notifications off',
        description: on ? 'This device will show friend requests and news.' : 'This device will no longer get them.',
        variant: 'success',
      })
      return true
    } catch (error) {
      toast({
        title: on ? "Couldn't turn on push notifications" : "Couldn't turn off push notifications",
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, change }
}
