import { z } from 'zod'

/**
 * What an admin's save of a form was based on: the version of the thing (a campaign's `updatedAt`, a
 * template's `editedAt`) as the form last had it, opened or saved there. A save over a change made
 * since, by another admin or another tab, is refused (409) rather than undoing it; a save without it
 * (an older client, the API used directly) is taken as it comes, as the blog's is (`blogPostEdit`).
 */
export const basedOn = z
  .string({ error: 'basedOn must be text: the version the form last had' })
  .max(64, 'basedOn can be at most 64 characters')
  // Versions are the server's own timestamps: anything else never matches one, and was answered as a
  // change made since (409), sending the admin to reload for what was a malformed request.
  .pipe(
    z.iso.datetime({
      offset: true,
      error: 'basedOn must be the version the form last had: a date and time, as updatedAt',
    }),
  )
