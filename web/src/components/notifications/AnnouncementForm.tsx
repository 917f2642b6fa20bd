import { announcementRequest, type AnnouncementRequest } from '@reelmates/contracts/notifications'
import { useId, useState, type SubmitEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { useAnnounce } from '../../features/notifications/queries'
import { isApiError } from '../../lib/apiError'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { Field, Notice, SubmitButton, TextAreaField, useFocusOnRefusal } from '../account/FormParts'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { ConfirmDialog } from '../social/ConfirmDialog'

type Fields = 'title' | 'body' | 'url' | 'usernames' | 'channels'
const blank = { title: '', body: '', url: '/home', audience: 'everyone' as 'everyone' | 'chosen', usernames: '' }
const channelLabels = { inApp: 'In the app (the bell)', push: 'Push notification', email: 'Email too' } as const
// Said as it goes: a push reaches only devices that took notifications, a mail only those who get
// tips and news emails (an announcement by mail is news; docs/notifications.md).
const channelWords = {
  inApp: 'in the app',
  push: 'as a push notification on the devices that take them',
  email: 'by email to those who get tips and news emails',
} as const

/** Write an announcement to everyone or to chosen members, on the channels chosen. */
export function AnnouncementForm() {
  const [values, setValues] = useState(blank)
  const [channels, setChannels] = useState({ inApp: true, push: true, email: false })
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const { form, refused, announcement } = useFocusOnRefusal()
  const refuse = (found: FieldErrors<Fields>) => {
    setErrors(found)
    refused()
  }
  const channelsError = useId()
  const announce = useAnnounce()
  // The form as it was after the last send (emptied, with the ways it went kept): leaving with
  // anything else written asks first.
  const shown = JSON.stringify({ values, channels })
  const [lastSent, setLastSent] = useState(shown)
  // Of the changes, the title and message are what was written (the rest is quickly set again).
  const words = [
    { label: "Your announcement's title", text: values.title },
    { label: "Your announcement's message", text: values.body },
  ]
  const leaving = useUnsavedChanges(shown !== lastSent, words)
  // A message is about the field as it was sent: once the field changes it no longer applies.
  const edited = (field: Fields) => setErrors((current) => ({ ...current, [field]: undefined }))
  // To everyone, on their phones too: asked first, as a role change or a deletion is.
  const [toEveryone, setToEveryone] = useState<AnnouncementRequest | null>(null)

  function send(request: AnnouncementRequest) {
    announce.mutate(request, {
      onSuccess: () => {
        setValues(blank)
        setLastSent(JSON.stringify({ values: blank, channels }))
      },
      onError: (error) => {
        if (isApiError(error) && error.validationErrors) refuse(error.validationErrors)
        else setErrors({})
      },
    })
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const request: AnnouncementRequest = {
      title: values.title,
      body: values.body,
      url: values.url.trim() || '/home',
      audience: values.audience,
      usernames: values.audience === 'chosen' ? values.usernames.split(/[\s,]+/).filter(Boolean) : [],
      channels,
    }
    const parsed = announcementRequest.safeParse(request)
    if (!parsed.success) {
      refuse(fieldErrorsOf<Fields>(parsed.error))
      return
    }
    setErrors({})
    if (request.audience === 'everyone') setToEveryone(request)
    else send(request)
  }

  const text = (field: 'title' | 'body' | 'url' | 'usernames') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      edited(field)
      setValues((current) => ({ ...current, [field]: event.target.value }))
    },
  })

  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-4 rounded-2xl border border-white/5 bg-panel p-5">
      <h2 className="text-base font-semibold text-white">New announcement</h2>
      {announcement}
      {/* No maxLength: it counts UTF-16 units and cuts a paste silently (120 emoji became 60); the
          schema counts characters and says what is too long. */}
      <Field label="Title" {...text('title')} />
      <TextAreaField label="Message" rows={4} {...text('body')} />
      <Field label="Opens (an address in the app)" {...text('url')} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm text-zinc-400">To</legend>
        <div className="flex flex-wrap gap-2">
          {(['everyone', 'chosen'] as const).map((audience) => (
            <label
              key={audience}
              className="flex items-center gap-2 rounded-xl border border-white/10 px-3 py-2 text-sm text-zinc-100 has-[:checked]:border-reel has-[:checked]:bg-reel/10"
            >
              <input
                type="radio"
                name="audience"
                checked={values.audience === audience}
                onChange={() => {
                  edited('usernames')
                  setValues((current) => ({ ...current, audience }))
                }}
                className="accent-reel"
              />
              {audience === 'everyone' ? 'Everyone' : 'Chosen members'}
            </label>
          ))}
        </div>
      </fieldset>
      {values.audience === 'chosen' ? (
        <Field label="Usernames (separated by commas or spaces)" {...text('usernames')} />
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm text-zinc-400">Deliver</legend>
        {(Object.keys(channelLabels) as (keyof typeof channelLabels)[]).map((channel) => (
          <label key={channel} className="flex items-center gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              checked={channels[channel]}
              // No way ticked is the group's error: the first box takes the focus and reads it.
              {...(errors.channels ? { 'aria-invalid': true, 'aria-describedby': channelsError } : {})}
              onChange={(event) => {
                edited('channels')
                setChannels((current) => ({ ...current, [channel]: event.target.checked }))
              }}
              className="h-5 w-5 accent-reel"
            />
            {channelLabels[channel]}
          </label>
        ))}
        {/* Said as a field's error is (FormParts), not as an alert: the focus on the first box reads it. */}
        {errors.channels ? (
          <p id={channelsError} className="text-sm text-red-300">
            {errors.channels}
          </p>
        ) : null}
      </fieldset>
      {announce.error && !(isApiError(announce.error) && announce.error.validationErrors) ? (
        <Notice tone="error">{announce.error.message}</Notice>
      ) : null}
      <div className="sm:max-w-xs">
        <SubmitButton busy={announce.isPending} busyLabel="Sending…">
          Send announcement
        </SubmitButton>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
      {toEveryone ? (
        <ConfirmDialog
          title="Send to every member?"
          confirmLabel="Send to everyone"
          cancelLabel="Keep editing"
          onConfirm={() => send(toEveryone)}
          onClose={() => setToEveryone(null)}
        >
          “{toEveryone.title}” goes to every member,{' '}
          {(['inApp', 'push', 'email'] as const)
            .filter((channel) => toEveryone.channels[channel])
            .map((channel) => channelWords[channel])
            .join(', ')}
          . It cannot be taken back.
        </ConfirmDialog>
      ) : null}
    </form>
  )
}
