import { updateProfile } from '../account/accountCalls'

/** The one call of "Get started": it records on the account that the member is past it (spec §3 users). */
export const onboardingCalls = {
  complete: () => updateProfile({ onboardingCompleted: true }),
}
