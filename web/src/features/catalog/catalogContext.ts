import { requests } from '../../lib/api'
import type { CatalogCallContext } from './catalogCalls'
import { catalogSessionCache } from './sessionCache'

/** The catalog calls as the app makes them: through the one request client, with the session cache. */
export const catalogContext: CatalogCallContext = { get: requests.get, cache: catalogSessionCache }
