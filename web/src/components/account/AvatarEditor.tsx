import type { PublicUser } from '@reelmates/contracts/account'
import { avatarMessages, avatarUploadMaxBytes, avatarUploadTypes, isUploadedAvatar } from '@reelmates/contracts/avatars'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type ChangeEvent } from 'react'
import { setCurrentUser } from '../../features/account/currentUser'
import { removeAvatar, uploadAvatar } from '../../features/account/profileCalls'
import { useFocusWhenGone } from '../../lib/focusLost'
import { toast } from '../../lib/toast'
import { BusyButton } from '../shell/BusyButton'
import { Avatar } from '../social/Avatar'

const smallButton =
  'inline-flex h-9 cursor-pointer items-center rounded-full border border-white/15 px-4 text-sm font-semibold text-zinc-100 hover:bg-white/5'

const uploadTypes: ReadonlySet<string> = new Set(avatarUploadTypes)

/** My picture, with a way to upload one (resized by the server) or remove it. */
export function AvatarEditor({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const pictureButton = useRef<HTMLButtonElement>(null)
  const focusWhenGone = useFocusWhenGone()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()

  async function change(work: () => Promise<PublicUser>, done: string) {
    setBusy(true)
    setProblem(undefined)
    try {
      setCurrentUser(queryClient, await work())
      toast({ title: done })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    // Said here at once; the server refuses both too. `accept` only suggests: a picker can still return any file.
    if (!uploadTypes.has(file.type)) {
      setProblem(avatarMessages.notAnImage)
      return
    }
    if (file.size > avatarUploadMaxBytes) {
      setProblem(avatarMessages.tooLarge)
      return
    }
    void change(() => uploadAvatar(file), 'Avatar updated')
  }

  return (
    <div className="grid justify-items-center gap-2">
      <Avatar username={user.username} avatarUrl={user.avatarUrl} size="lg" />
      <div className="flex flex-wrap justify-center gap-2">
        <BusyButton ref={pictureButton} className={smallButton} busy={busy} onClick={() => input.current?.click()}>
          {busy ? 'Saving…' : user.avatarUrl ? 'Change picture' : 'Upload picture'}
        </BusyButton>
        {user.avatarUrl ? (
          <BusyButton
            className={smallButton}
            busy={busy}
            onClick={(event) => {
              // Remove leaves with the picture; the keyboard carries on from the button still there.
              focusWhenGone(event.currentTarget, () => pictureButton.current)
              void change(removeAvatar, 'Avatar removed')
            }}
          >
            Remove
          </BusyButton>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={avatarUploadTypes.join(',')}
        onChange={picked}
        className="sr-only"
        aria-label="Avatar picture"
        tabIndex={-1}
      />
      <p className="text-center text-xs text-zinc-400 print:hidden">
        {isUploadedAvatar(user.avatarUrl) ? 'Your uploaded picture. ' : ''}JPEG, PNG, WebP, GIF or AVIF, up to 2 MB.
      </p>
      {problem ? (
        <p role="alert" className="max-w-xs text-center text-sm text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
