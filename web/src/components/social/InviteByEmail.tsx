import { email as emailSchema } from '@reelmates/contracts/account'
import { useId, useState, type SubmitEvent } from 'react'
import { ChangeUnconfirmed, useAskFriend } from '../../features/friends/mutations'
import { toast } from '../../lib/toast'
import { inputClass, panel, primaryButton, sectionHeading } from './socialStyles'

export const inviteInputId = 'invite-email'

/** Invite someone by email: a member gets a friend request, anyone else a link to join. */
export function InviteByEmail() {
  const headingId = useId()
  const invite = useAskFriend()
  const [address, setAddress] = useState('')
  const [problem, setProblem] = useState<string>()

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = emailSchema.safeParse(address)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message)
      return
    }
    setProblem(undefined)
    invite.mutate(
      { email: parsed.data },
      {
        onSuccess: () => setAddress(''),
        // Maybe sent (the answer was lost): not a problem with the address, and not said as one.
        onError: (error) =>
          error instanceof ChangeUnconfirmed
            ? toast({ title: "Couldn't confirm the invitation was sent", description: error.message })
            : setProblem(error.message),
      },
    )
  }

  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className={sectionHeading}>
        Invite by email
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        We'll email them a link to become friends, or to join you if they're not on Reelmates yet.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor={inviteInputId} className="sr-only">
          Email address
        </label>
        <input
          id={inviteInputId}
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="friend@example.com"
          value={address}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inviteInputId}-problem` : undefined}
          onChange={(event) => setAddress(event.target.value)}
          className={inputClass}
        />
        <button type="submit" disabled={invite.isPending} className={`${primaryButton} h-11 shrink-0`}>
          {invite.isPending ? 'Sending…' : 'Send invite'}
        </button>
      </form>
      {problem ? (
        <p id={`${inviteInputId}-problem`} role="alert" className="mt-2 text-sm text-rose-300">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
