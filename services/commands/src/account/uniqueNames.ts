import { messages } from '@reelmates/contracts/account'
import type { PersonalDataVault, ReservationKind } from '@reelmates/infra/personalData/port'
import { DomainError } from '../decider'

/** Who is told: someone signing up (who may sign in instead), or a member editing their profile. */
export type Claimant = 'newcomer' | 'member'

const takenMessages: Record<Claimant, Record<ReservationKind, string>> = {
  newcomer: { username: messages.usernameTaken, email: messages.emailTaken },
  member: { username: messages.usernameTaken, email: messages.emailTakenOnProfile },
}

/** A username or email someone else holds; `fields` lists each one taken (the username first). */
export class AlreadyTaken extends DomainError {
  override readonly name = 'AlreadyTaken'
  constructor(
    readonly fields: readonly [ReservationKind, ...ReservationKind[]],
    claimant: Claimant = 'newcomer',
  ) {
    const said = takenMessages[claimant]
    super('conflict', said[fields[0]], {
      validationErrors: Object.fromEntries(fields.map((field) => [field, said[field]])),
    })
  }
}

export type NameVault = Pick<PersonalDataVault, 'reserve' | 'release'>

/**
 * Claims every name for `userId` in the vault (uniqueness lives there, as keyed hashes, since no
 * stream can know who else holds a name), all or none: when one is taken the others are given back
 * and `AlreadyTaken` is thrown. Answers how to give them all back, for a change refused later.
 */
export async function claimNames(
  vault: NameVault,
  userId: string,
  names: readonly { kind: ReservationKind; value: string }[],
  claimant: Claimant,
): Promise<() => Promise<void>> {
  const answers = await Promise.all(names.map((name) => vault.reserve(name.kind, name.value, userId)))
  const release = (which: typeof names) =>
    Promise.all(which.map((name) => vault.release(name.kind, name.value, userId))).then(() => undefined)
  const taken = (['username', 'email'] as const).filter((kind) =>
    names.some((name, index) => name.kind === kind && !answers[index]),
  )
  const [first, ...others] = taken
  if (first !== undefined) {
    await release(names.filter((_, index) => answers[index]))
    throw new AlreadyTaken([first, ...others], claimant)
  }
  return () => release(names)
}
