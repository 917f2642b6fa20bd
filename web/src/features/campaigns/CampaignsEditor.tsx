import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { BusyButton } from '../../components/shell/BusyButton'
import { UnsavedChangesDialog } from '../../components/shell/UnsavedChangesDialog'
import { tellRefusal } from '../../lib/mutations'
import { useOneSendAtATime } from '../../lib/oneSendAtATime'
import { isDoubleClickRepeat } from '../../lib/quickPresses'
import { useShownFailure } from '../../lib/shownFailure'
import { campaignCalls } from './campaignCalls'
import { CampaignForm } from './CampaignForm'
import { CampaignReportPanel } from './CampaignReportPanel'
import { DeleteCampaignButton } from './DeleteCampaignButton'
import { reached, startsWhen, stepTiming } from './campaignWording'
import { campaignKeys, campaignsQuery } from './queries'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

/** Which form is open: `'new'` (a new campaign's), a campaign's id, or none. */
type Editing = string | null

/** The drip campaigns: each with its steps and triggers, activate or pause, edit, delete; and a new one. */
export function CampaignsEditor() {
  const campaigns = useQuery(campaignsQuery())
  const failure = useShownFailure(campaigns)
  const [editing, setEditing] = useState<Editing>(null)
  // The open form's changes not saved yet (the form tells): opening another form replaces it, so that
  // asks first, as leaving the page does (the form's own question).
  const [dirty, setDirty] = useState(false)
  const [switchingTo, setSwitchingTo] = useState<Editing>(null)
  const open = (next: Editing) => {
    setDirty(false)
    setEditing(next)
  }
  const openAsking = (next: Editing) => (dirty ? setSwitchingTo(next) : open(next))
  // A form closed (saved or cancelled) hands the focus back to what opened it, drawn again in its place.
  const [closed, setClosed] = useState<Editing>(null)
  const close = () => {
    setClosed(editing)
    open(null)
  }
  const newButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (editing === null && closed === 'new') newButton.current?.focus()
  }, [editing, closed])
  return (
    <div className="space-y-4">
      {editing === 'new' ? (
        <CampaignForm onDone={close} onDirtyChange={setDirty} />
      ) : (
        <button
          ref={newButton}
          type="button"
          onClick={() => openAsking('new')}
          className="rounded-full bg-gold px-4 py-2 text-sm font-semibold text-zinc-900"
        >
          New campaign
        </button>
      )}
      {/* Without it, a refused list showed nothing under the heading but New campaign: as if there were none. */}
      {failure && !campaigns.data ? (
        <AdminLoadFailed error={failure} onRetry={() => void campaigns.refetch()} />
      ) : !campaigns.data ? (
        <LoadingLine what="campaigns" />
      ) : null}
      {campaigns.isSuccess && campaigns.data.campaigns.length === 0 ? (
        <p className="text-zinc-400">No campaigns yet.</p>
      ) : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {campaigns.data?.campaigns.map((campaign) =>
          editing === campaign.id ? (
            <li key={campaign.id} className="lg:col-span-2">
              <CampaignForm campaign={campaign} onDone={close} onDirtyChange={setDirty} />
            </li>
          ) : (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              onEdit={() => openAsking(campaign.id)}
              takesFocus={editing === null && closed === campaign.id}
            />
          ),
        )}
      </ul>
      <UnsavedChangesDialog
        title={editing === 'new' ? 'Leave the new campaign?' : 'Leave this campaign?'}
        leaving={
          switchingTo === null
            ? null
            : {
                stay: () => setSwitchingTo(null),
                leave: () => {
                  setSwitchingTo(null)
                  open(switchingTo)
                },
              }
        }
      />
    </div>
  )
}

function CampaignCard({
  campaign,
  onEdit,
  takesFocus,
}: {
  campaign: CampaignItem
  onEdit: () => void
  /** Drawn again where its form was closed: its Edit takes the focus back. */
  takesFocus: boolean
}) {
  const editButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (takesFocus) editButton.current?.focus()
  }, [takesFocus])
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignKeys.all })
  const [reportOpen, setReportOpen] = useState(false)
  const reportId = useId()
  const toggle = useMutation({
    // An activation is based on the campaign as this card shows it: one changed since (its steps saved
    // by another admin) is refused rather than started unseen. A pause stops whatever it is now.
    mutationFn: () =>
      campaign.isActive ? campaignCalls.pause(campaign.id) : campaignCalls.activate(campaign.id, campaign.updatedAt),
    onSuccess: refresh,
    // The refusal says to look again: the card then shows the campaign as it is now.
    onError: (error) => {
      tellRefusal(campaign.isActive ? 'Not paused' : 'Not activated', error)
      void refresh()
    },
  })
  // A double click on Activate meant one press: its second click activated again, or, once the card
  // showed the answer, paused what the first had just started.
  const toggleOnce = useOneSendAtATime()
  return (
    <li aria-label={`Campaign ${campaign.name}`} className="space-y-3 rounded-2xl bg-panel p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-white">{campaign.name}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${campaign.isActive ? 'bg-emerald-400/20 text-emerald-200' : 'bg-zinc-700 text-zinc-200'}`}
        >
          {campaign.isActive ? 'Active' : 'Paused'}
        </span>
      </div>
      {campaign.description ? <p className="text-zinc-400">{campaign.description}</p> : null}
      <p className="text-zinc-300">{startsWhen(campaign.triggers)}</p>
      <ol className="space-y-1 text-zinc-300">
        {campaign.steps.map((step) => (
          <li key={step.stepOrder}>
            {step.stepOrder}. <code className="text-gold">{step.templateName}</code> {stepTiming(step)}
          </li>
        ))}
      </ol>
      <p className="text-zinc-400">{reached(campaign)}</p>
      <div className="flex flex-wrap gap-2">
        <BusyButton
          busy={toggle.isPending}
          onClick={(event) => {
            if (!isDoubleClickRepeat(event)) toggleOnce(() => toggle.mutateAsync())
          }}
          className="rounded-full bg-gold px-4 py-2 text-sm font-semibold text-zinc-900"
        >
          {campaign.isActive ? 'Pause' : 'Activate'}
        </BusyButton>
        <button
          ref={editButton}
          type="button"
          onClick={onEdit}
          className="rounded-full border border-white/10 px-4 py-2 text-white"
        >
          Edit
        </button>
        <button
          type="button"
          aria-expanded={reportOpen}
          aria-controls={reportOpen ? reportId : undefined}
          onClick={() => setReportOpen((open) => !open)}
          className="rounded-full border border-white/10 px-4 py-2 text-white"
        >
          Report
        </button>
        <DeleteCampaignButton campaign={campaign} />
      </div>
      {reportOpen ? <CampaignReportPanel id={reportId} campaignId={campaign.id} /> : null}
    </li>
  )
}
