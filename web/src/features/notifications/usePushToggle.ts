import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../lib/toast'
import { updateProfile } from '../account/accountCalls'
import { setCurrentUser } from '../account/currentUser'
import { subscribeThisDevice, thisDeviceSubscribed, unsubscribeThisDevice } from './pushDevice'

const thisDeviceKey = ['push', 'this device'] as const

/**
 * The profile's push switch, for this device: pushes go to each device that subscribed, so the switch
 * shows whether this one did (`on`), not the account's last choice, which another device may have
 * made. Turning it on asks the browser's permission and subscribes this device at once; turning it
 * off unsubscribes it. The preference is saved at once too. `change` answers whether it moved.
 */
export function usePushToggle() {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const device = useQuery({ queryKey: thisDeviceKey, queryFn: thisDeviceSubscribed, staleTime: Infinity })
  async function change(on: boolean): Promise<boolean> {
    setBusy(true)
    try {
      await (on ? subscribeThisDevice() : unsubscribeThisDevice())
      queryClient.setQueryData(thisDeviceKey, on)
      setCurrentUser(queryClient, await updateProfile({ pushNotificationsEnabled: on }))
      toast({
        title: on ? 'Push notifications on' : 'Push notifications off',
        description: on
          ? 'This device will show your notifications as they come.'
          : 'This device will no longer get them.',
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
  return { busy, change, on: device.data === true }
}
