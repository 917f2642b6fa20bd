import * as Dialog from '@radix-ui/react-dialog'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { deleteAccount } from '../../features/account/profileCalls'
import { forgetSignedInUser } from '../../features/account/useLogout'
import { Field, useFocusOnRefusal } from './FormParts'

const erased = [
  'your profile, email address, avatar and settings',
  'your watchlist with its notes, and your watched log with its ratings and reviews',
  'your friendships, invitations and recommendations',
  'your activity in friends’ feeds, with everyone’s comments and reactions on it, and your own comments and reactions on theirs',
  'the mails we keep for you',
]

/** Deleting the account (DELETE /api/user): said plainly, confirmed with the password, then signed out. */
export function DeleteAccountDialog() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const { form, refused, announcement } = useFocusOnRefusal()
  const refuse = (message: string) => {
    setError(message)
    refused()
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const entered = new FormData(event.currentTarget).get('currentPassword')
    const password = typeof entered === 'string' ? entered : ''
    if (password === '') {
      refuse('Enter your password to delete your account.')
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await deleteAccount(password)
    } catch (failure) {
      refuse(failure instanceof Error ? failure.message : String(failure))
      setBusy(false)
      return
    }
    await forgetSignedInUser(queryClient)
    // Past the settings form's unsaved changes: they belonged to the account just deleted.
    await navigate({ to: '/account-deleted', replace: true, ignoreBlocker: true })
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        setOpen(next)
        setError(undefined)
      }}
    >
      <Dialog.Trigger className="inline-flex h-10 items-center rounded-xl border border-red-400/40 px-4 text-sm font-semibold text-red-200 hover:bg-red-500/10">
        Delete my account…
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border border-white/10 bg-ink p-5 text-zinc-100 shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6">
          <Dialog.Title className="text-lg font-semibold text-white">Delete your account?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 grid gap-2 text-sm text-zinc-300">
              <p>This erases, for good and on every device:</p>
              <ul className="list-disc space-y-1 pl-5">
                {erased.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>It cannot be undone. Your username and email address become free for anyone to use.</p>
            </div>
          </Dialog.Description>
          <form ref={form} onSubmit={(event) => void confirm(event)} noValidate className="mt-4 grid gap-4">
            {announcement}
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={error}
            />
            <div className="flex justify-end gap-2">
              <Dialog.Close
                disabled={busy}
                className="inline-flex h-10 items-center rounded-xl border border-white/15 px-4 text-sm font-semibold text-zinc-100 hover:bg-white/5"
              >
                Keep my account
              </Dialog.Close>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-10 items-center rounded-xl bg-rose-600 px-4 text-sm font-semibold text-white hover:bg-rose-700 disabled:opacity-60"
              >
                {busy ? 'Deleting…' : 'Delete for good'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
