import { digestTypes, type ProfileUpdateRequest, type PublicUser } from '@reelmates/contracts/account'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react'
import { updateProfile } from '../../features/account/accountCalls'
import { currentUserQuery, setCurrentUser } from '../../features/account/currentUser'
import type { FieldErrors } from '../../features/account/fieldErrors'
import {
  hasSavedRequest,
  hasUnsavedChanges,
  planProfileUpdate,
  profileFormValues,
  type ProfileField,
  type ProfileFormValues,
  unconfirmedSaveTexts,
} from '../../features/account/profileForm'
import { usePushToggle } from '../../features/notifications/usePushToggle'
import { isApiError, isUnanswered } from '../../lib/apiError'
import { newIdempotencyKey } from '../../lib/idempotencyKey'
import { toast } from '../../lib/toast'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { Field, Notice, SubmitButton, TextAreaField, useFocusOnRefusal } from './FormParts'

const digestLabels = { weekly: 'Weekly', daily: 'Daily', none: 'None' } as const

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="grid scroll-mt-24 gap-4 rounded-2xl border border-white/5 bg-panel p-5">
      <legend className="float-left mb-1 text-base font-semibold text-white">{title}</legend>
      {children}
    </fieldset>
  )
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex items-center justify-between gap-4 text-sm text-zinc-200">
      {label}
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-5 w-5 accent-reel"
      />
    </label>
  )
}

/** The editable profile (spec §5 rules, §8 toasts): one save for details, email preferences and password. */
export function ProfileEditForm({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user))
  // A newer user (saved elsewhere: another tab, an unsubscribe link) replaces an untouched form;
  // otherwise saving would send the old values back over the new ones.
  const [shownUser, setShownUser] = useState(user)
  if (user !== shownUser) {
    setShownUser(user)
    if (JSON.stringify(values) === JSON.stringify(profileFormValues(shownUser))) setValues(profileFormValues(user))
  }
  // Leaving with anything that differs from the saved user asks first; a save makes them equal again.
  // Of the changes, the bio is what was written (the rest is quickly set again; passwords never kept).
  const words = values.bio !== (user.bio ?? '') ? [{ label: 'Your bio', text: values.bio }] : []
  const leaving = useUnsavedChanges(hasUnsavedChanges(user, values), words)
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({})
  const [busy, setBusy] = useState(false)
  const pushToggle = usePushToggle()
  const [nothingToSave, setNothingToSave] = useState(false)
  // A save whose answer was lost: what the form held then, and the request and key it was sent with.
  const unconfirmed = useRef<{ values: string; request: ProfileUpdateRequest; idempotencyKey: string } | null>(null)
  const { form, refused, announcement } = useFocusOnRefusal()
  const refuse = (found: FieldErrors<ProfileField>) => {
    setErrors(found)
    refused()
  }
  const set = <K extends ProfileField>(field: K, value: ProfileFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setNothingToSave(false)
  }
  const text = (field: ProfileField) => ({
    name: field,
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  })

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const plan = planProfileUpdate(user, values)
    if (!plan.ok) {
      refuse(plan.errors)
      return
    }
    setErrors({})
    // The same values saved again after an answer that never came are the same save: its first request
    // under its first key, so the server answers what it did then. A new key had it judge the current
    // password again, wrong by then if the new one was set ("Current password is incorrect").
    const again =
      unconfirmed.current && unconfirmed.current.values === JSON.stringify(values) ? unconfirmed.current : null
    const request = again?.request ?? plan.request
    if (!again && !plan.changed) {
      setNothingToSave(true)
      return
    }
    const idempotencyKey = again?.idempotencyKey ?? newIdempotencyKey()
    // Sent with the browser offline, the save never left: a failure, with nothing to ask the server.
    const sentOnline = navigator.onLine
    setBusy(true)
    try {
      const updated = await updateProfile(request, idempotencyKey)
      unconfirmed.current = null
      setCurrentUser(queryClient, updated)
      setValues(profileFormValues(updated))
      toast({
        title: 'Profile updated',
        description: 'Your profile has been successfully updated.',
        variant: 'success',
      })
    } catch (error) {
      if (isUnanswered(error) && sentOnline) {
        unconfirmed.current = { values: JSON.stringify(values), request, idempotencyKey }
        await readBackAfterLostAnswer(request)
        return
      }
      unconfirmed.current = null
      // A new password ends every session of the member and gives this request a new one. When the
      // answer is lost, its cookie is lost with it: the request client's resend goes with the erased
      // session and is refused (401) before the server can answer what it did. Most likely the change
      // was made; the app's refusal handling then takes the member to sign in.
      if (request.newPassword && isApiError(error) && error.status === 401) {
        sayPasswordProbablySaved()
        return
      }
      if (isApiError(error) && error.validationErrors) refuse(error.validationErrors)
      toast({
        title: 'Profile update failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  /**
   * The save reached the server or not: only the server can say. The user is read again, so the header
   * and the form show what it has. A session gone since means a new password was set (it signs out the
   * session that missed its answer): the sign-in page follows, and the member must know which password.
   */
  async function readBackAfterLostAnswer(request: ProfileUpdateRequest) {
    let now: PublicUser | null | undefined
    try {
      now = await queryClient.query({ ...currentUserQuery(), staleTime: 0 })
    } catch {
      now = undefined
    }
    if (now === null && request.newPassword) {
      sayPasswordProbablySaved()
      return
    }
    if (now && hasSavedRequest(now, request)) {
      unconfirmed.current = null
      setValues(profileFormValues(now))
      toast({ title: unconfirmedSaveTexts.savedTitle, description: unconfirmedSaveTexts.saved, variant: 'success' })
      return
    }
    toast({ title: unconfirmedSaveTexts.title, description: unconfirmedSaveTexts.description })
  }

  /**
   * Said on the way to the sign-in page, where it stays until closed or a sign-in replaces it: the
   * member needs it there, to know which password to try.
   */
  function sayPasswordProbablySaved() {
    toast({
      title: unconfirmedSaveTexts.signedOutTitle,
      description: unconfirmedSaveTexts.signedOut,
      duration: Infinity,
    })
  }

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Edit profile"
      className="grid gap-5"
    >
      {announcement}
      <Section title="Profile">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Username" autoComplete="username" {...text('username')} />
          <Field label="Email" type="email" autoComplete="email" {...text('email')} />
          <Field label="Location" autoComplete="address-level2" {...text('location')} />
          <Field label="Avatar URL" type="url" inputMode="url" {...text('avatarUrl')} />
        </div>
        <TextAreaField
          label="Bio"
          name="bio"
          rows={3}
          value={values.bio}
          onChange={(event) => set('bio', event.target.value)}
          error={errors.bio}
        />
      </Section>

      <Section id="email-preferences" title="Email preferences">
        <div role="radiogroup" aria-label="Digest email" className="grid gap-2">
          <p className="text-sm text-zinc-400">Digest email</p>
          <div className="flex flex-wrap gap-2">
            {digestTypes.map((type) => (
              <label
                key={type}
                className="flex items-center gap-2 rounded-xl border border-white/10 px-3 py-2 text-sm text-zinc-100 has-[:checked]:border-reel has-[:checked]:bg-reel/10"
              >
                <input
                  type="radio"
                  name="digestType"
                  value={type}
                  checked={values.digestType === type}
                  onChange={() => set('digestType', type)}
                  className="accent-reel"
                />
                {digestLabels[type]}
              </label>
            ))}
          </div>
        </div>
        <Toggle
          label="Tips and news emails"
          checked={values.receiveCampaignEmails}
          onChange={(on) => set('receiveCampaignEmails', on)}
        />
      </Section>

      <Section title="Notifications">
        <Toggle
          label="Push notifications on this device"
          checked={pushToggle.on}
          onChange={(on) => {
            if (pushToggle.busy) return
            void pushToggle.change(on).then((changed) => changed && set('pushNotificationsEnabled', on))
          }}
        />
      </Section>

      <Section title="Change password">
        <p className="text-sm text-zinc-400">Your current password is needed to set a new one or change your email.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...text('currentPassword')}
          />
          <Field label="New password" type="password" autoComplete="new-password" {...text('newPassword')} />
        </div>
      </Section>

      {nothingToSave ? <Notice tone="info">No changes to save.</Notice> : null}
      <div className="sm:max-w-xs">
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save changes
        </SubmitButton>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
    </form>
  )
}
