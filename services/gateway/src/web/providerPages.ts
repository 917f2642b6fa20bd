import { providerOfPage } from '@reelmates/contracts/catalog'
import type { PageSubjectExists } from './staticWeb'

const providerPage = /^\/provider\/([^/]+)\/?$/

/** A provider page (`/provider/{id}`) names one of the five product services, or is a 404. */
export const providerPageExists: PageSubjectExists = (path) => {
  const providerId = providerPage.exec(path)?.[1]
  return Promise.resolve(providerId === undefined || providerOfPage(providerId) !== undefined)
}
