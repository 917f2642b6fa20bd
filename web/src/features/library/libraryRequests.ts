import { requests } from '../../lib/api'
import { toast } from '../../lib/toast'
import type { Refusal } from './library'
import type { LibraryRequests } from './libraryCalls'

/** The app's one request client: it sends the CSRF token, remembers each change's position and sends it as X-Min-Position. */
export const libraryRequests: LibraryRequests = requests

/** A refused change has already vanished from the screen; the toast says which and why. */
export function tellRefusal(refusal: Refusal): void {
  toast({ ...refusal, variant: 'destructive' })
}
