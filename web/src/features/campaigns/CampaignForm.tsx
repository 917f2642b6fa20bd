import { campaignDefinition, type CampaignItem } from '@reelmates/contracts/campaigns'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { FieldProblem, problemProps } from '../../components/form/FieldProblem'
import { UnsavedChangesDialog } from '../../components/shell/UnsavedChangesDialog'
import { isApiError } from '../../lib/apiError'
import { tellRefusal } from '../../lib/mutations'
import { toast } from '../../lib/toast'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { emailTemplatesQuery } from '../emailTemplates/queries'
import { campaignCalls } from './campaignCalls'
import {
  delayDaysRange,
  hasProblems,
  nameProblem,
  stepProblem,
  toDefinition,
  toTriggerRow,
  triggerAmountNoun,
  triggerAmountRange,
  triggerLabels,
  triggerProblem,
  type StepRow,
  type TriggerRow,
  type TriggerType,
} from './campaignDraft'
import { campaignKeys } from './queries'

const field =
  'mt-1 w-full rounded-xl border border-white/10 bg-zinc-950/60 px-3 py-2 text-sm text-white focus:border-gold focus:outline-none'
const smallButton = 'rounded-full border border-white/10 px-3 py-1.5 text-sm text-white'

/** Builds a campaign from templates: its steps (template, days after the step before) and its triggers. */
export function CampaignForm({
  campaign,
  onDone,
  onDirtyChange,
}: {
  campaign?: CampaignItem
  onDone: () => void
  /** Told whether the form has changes not saved, for a screen that would replace it (another campaign's form). */
  onDirtyChange?: (dirty: boolean) => void
}) {
  const queryClient = useQueryClient()
  const templates = (useQuery(emailTemplatesQuery()).data?.templates ?? []).filter((template) =>
    template.name.startsWith('campaign-'),
  )
  const [name, setName] = useState(campaign?.name ?? '')
  const [description, setDescription] = useState(campaign?.description ?? '')
  const [steps, setSteps] = useState<StepRow[]>(
    campaign?.steps.map(({ templateName, delayDays }) => ({ templateName, delayDays: String(delayDays) })) ?? [
      { templateName: 'campaign-welcome', delayDays: '0' },
    ],
  )
  const [triggers, setTriggers] = useState<TriggerRow[]>(
    campaign?.triggers.map(toTriggerRow) ?? [{ triggerType: 'registered', amount: '1' }],
  )
  const [activeNow, setActiveNow] = useState(false)
  // The form opens in place of what opened it (the card's Edit, "New campaign"), which takes the
  // keyboard's place with it: its first field has the focus instead, and comes into view on a phone.
  const nameField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    nameField.current?.focus()
  }, [])
  // The form as opened or last saved: leaving the page with anything else asks first. Cancel closes
  // the form without asking: it is the way to throw the changes away on purpose.
  const shown = JSON.stringify({ name, description, steps, triggers, activeNow })
  const [lastSaved, setLastSaved] = useState(shown)
  const dirty = shown !== lastSaved
  // Of the changes, the name and description are what was written (steps and triggers are chosen).
  const saved = JSON.parse(lastSaved) as { name: string; description: string }
  const words = [
    ...(name !== saved.name ? [{ label: "Your campaign's name", text: name }] : []),
    ...(description !== saved.description ? [{ label: "Your campaign's description", text: description }] : []),
  ]
  const leaving = useUnsavedChanges(dirty, words)
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])
  // The campaign's last change as this form knows it (opened or saved here), not as the list has it
  // since: a save is refused when the server has a later one, rather than writing over another admin's.
  const [basedOn, setBasedOn] = useState(campaign?.updatedAt)
  // Problems show beside their fields once a save was tried, and go as the fields are put right.
  const [triedToSave, setTriedToSave] = useState(false)
  // The server's word on the name holds until the name is changed.
  const [refusedName, setRefusedName] = useState<{ name: string; problem: string } | null>(null)
  const definition = () => toDefinition({ name, description, steps, triggers })
  const save = useMutation({
    mutationFn: () =>
      campaign
        ? campaignCalls.update(campaign.id, { ...definition(), basedOn })
        : campaignCalls.create({ ...definition(), isActive: activeNow }),
    onSuccess: async (saved) => {
      setLastSaved(shown)
      setBasedOn(saved.updatedAt)
      toast({ title: 'Campaign saved', description: saved.name, variant: 'success' })
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all })
      onDone()
    },
    onError: (error) => {
      // A name another campaign has is said under the name, where it is put right, as a missing one is.
      const taken = isApiError(error) ? error.validationErrors?.name : undefined
      if (taken) {
        setRefusedName({ name, problem: taken })
        nameField.current?.focus()
      } else tellRefusal('Campaign not saved', error)
    },
  })
  const nameTrouble =
    (triedToSave ? nameProblem(name) : undefined) ?? (refusedName?.name === name ? refusedName.problem : undefined)
  const setStep = (index: number, change: Partial<StepRow>) =>
    setSteps(steps.map((step, at) => (at === index ? { ...step, ...change } : step)))
  const setTrigger = (index: number, change: Partial<TriggerRow>) =>
    setTriggers(triggers.map((trigger, at) => (at === index ? { ...trigger, ...change } : trigger)))

  return (
    <form
      aria-label={campaign ? `Edit ${campaign.name}` : 'New campaign'}
      className="space-y-4 rounded-2xl bg-panel p-4 text-left"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTriedToSave(true)
        if (!hasProblems({ name, description, steps, triggers })) save.mutate()
        else if (nameProblem(name)) nameField.current?.focus()
      }}
    >
      <div>
        <label className="block text-sm text-zinc-300">
          Name
          <input
            ref={nameField}
            className={field}
            value={name}
            maxLength={campaignDefinition.shape.name.maxLength ?? undefined}
            {...problemProps('campaign-name', nameTrouble)}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <FieldProblem fieldId="campaign-name" problem={nameTrouble} />
      </div>
      <label className="block text-sm text-zinc-300">
        Description
        <input
          className={field}
          value={description}
          maxLength={campaignDefinition.shape.description.unwrap().maxLength ?? undefined}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-white">Steps</legend>
        {steps.map((step, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="min-w-0 flex-1 text-sm text-zinc-300">
              Step {index + 1} template
              <select
                className={field}
                value={step.templateName}
                onChange={(event) => setStep(index, { templateName: event.target.value })}
              >
                {templates.map((template) => (
                  <option key={template.name} value={template.name}>
                    {template.name}
                  </option>
                ))}
              </select>
            </label>
            <NumberField
              id={`step-${index}-days`}
              label={`Step ${index + 1} days after ${index === 0 ? 'entry' : 'step before'}`}
              className="w-36"
              range={delayDaysRange}
              value={step.delayDays}
              problem={triedToSave ? stepProblem(step, index) : undefined}
              onChange={(delayDays) => setStep(index, { delayDays })}
            />
            {steps.length > 1 ? (
              <button
                type="button"
                className={smallButton}
                onClick={() => setSteps(steps.filter((_, at) => at !== index))}
              >
                Remove step {index + 1}
              </button>
            ) : null}
          </div>
        ))}
        <button
          type="button"
          className={smallButton}
          onClick={() =>
            setSteps([...steps, { templateName: templates[0]?.name ?? 'campaign-welcome', delayDays: '3' }])
          }
        >
          Add step
        </button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-white">Triggers</legend>
        {triggers.map((trigger, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="min-w-0 flex-1 text-sm text-zinc-300">
              Trigger {index + 1}
              <select
                className={field}
                value={trigger.triggerType}
                onChange={(event) => setTrigger(index, { triggerType: event.target.value as TriggerType })}
              >
                {Object.entries(triggerLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {trigger.triggerType !== 'registered' ? (
              <NumberField
                id={`trigger-${index}-amount`}
                // A screen reader is told which trigger the number is for, as the eye sees from the row.
                label={
                  <>
                    <span className="sr-only">Trigger {index + 1}:</span> Number of{' '}
                    {triggerAmountNoun(trigger.triggerType)}
                  </>
                }
                className="w-36"
                range={triggerAmountRange(trigger.triggerType)}
                value={trigger.amount}
                problem={triedToSave ? triggerProblem(trigger) : undefined}
                onChange={(amount) => setTrigger(index, { amount })}
              />
            ) : null}
            {triggers.length > 1 ? (
              <button
                type="button"
                className={smallButton}
                onClick={() => setTriggers(triggers.filter((_, at) => at !== index))}
              >
                Remove trigger {index + 1}
              </button>
            ) : null}
          </div>
        ))}
        <button
          type="button"
          className={smallButton}
          onClick={() => setTriggers([...triggers, { triggerType: 'inactive', amount: '14' }])}
        >
          Add trigger
        </button>
      </fieldset>
      {campaign ? null : (
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input type="checkbox" checked={activeNow} onChange={(event) => setActiveNow(event.target.checked)} />
          Start sending right away (otherwise it is saved paused)
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-full bg-gold px-4 py-2 text-sm font-semibold text-zinc-900"
        >
          Save campaign
        </button>
        <button type="button" className={smallButton} onClick={onDone}>
          Cancel
        </button>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
    </form>
  )
}

/** A whole-number field, with what is wrong with it said right beside it. */
function NumberField({
  id,
  label,
  className,
  range,
  value,
  problem,
  onChange,
}: {
  id: string
  label: ReactNode
  className: string
  range: { min: number; max: number }
  value: string
  problem: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className={className}>
      <label className="block text-sm text-zinc-300">
        {label}
        <input
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          className={field}
          value={value}
          {...problemProps(id, problem)}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <FieldProblem fieldId={id} problem={problem} />
    </div>
  )
}
