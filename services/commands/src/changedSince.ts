/**
 * Whether a save based on `basedOn` (the version an admin's form last had) would write over a change
 * made since: another admin's or tab's save, or an action that changed the same thing. A save that
 * says nothing of what it was based on (an older client, the API used directly) is taken as it comes.
 */
export const changedSince = (basedOn: string | null | undefined, version: string | null): boolean =>
  basedOn !== undefined && basedOn !== version
