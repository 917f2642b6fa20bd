import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { BusyButton } from '../../components/shell/BusyButton'
import { ConfirmDialog } from '../../components/social/ConfirmDialog'
import { tellRefusal } from '../../lib/mutations'
import { campaignCalls } from './campaignCalls'
import { campaignKeys } from './queries'

/**
 * Deletes a campaign after asking. An active one is deleted as it is (no pause first): deleting stops
 * it at once, and the dialog says what that means for the members on their way through it.
 */
export function DeleteCampaignButton({ campaign }: { campaign: CampaignItem }) {
  const [asking, setAsking] = useState(false)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.all })
  const remove = useMutation({
    // Based on the campaign as the card shows it: one changed since is refused rather than deleted unseen.
    mutationFn: () => campaignCalls.remove(campaign.id, campaign.updatedAt),
    onSuccess: refresh,
    onError: (error) => {
      tellRefusal('Not deleted', error)
      void refresh()
    },
  })
  return (
    <>
      <BusyButton
        busy={remove.isPending}
        onClick={() => setAsking(true)}
        className="rounded-full border border-white/10 px-4 py-2 text-rose-300"
      >
        Delete campaign
      </BusyButton>
      {asking ? (
        <ConfirmDialog
          title={`Delete “${campaign.name}”?`}
          confirmLabel="Delete campaign"
          onConfirm={() => remove.mutate()}
          onClose={() => setAsking(false)}
        >
          <p>
            {campaign.isActive ? 'It stops at once: nobody enters it any more. ' : 'It can never be activated again. '}
            Members in it get no more of its emails. Mails already sent stay in the outbox.
          </p>
          <p className="mt-2">Its name becomes free for a new campaign.</p>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
