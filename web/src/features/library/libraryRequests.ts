import { requests } from '../../lib/api'
import type { LibraryRequests } from './libraryCalls'

/** The app's one request client: it sends the CSRF token, remembers each change's position and sends it as X-Min-Position. */
export const libraryRequests: LibraryRequests = requests
