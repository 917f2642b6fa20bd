import type { CatalogCallContext } from './catalogCalls'
import { catalogSessionCache } from './sessionCache'

// Placeholder until the shell's request client lands.
export const catalogContext: CatalogCallContext = {
  get: () => Promise.reject(new Error('request client missing')),
  cache: catalogSessionCache,
}
