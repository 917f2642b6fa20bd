import { providerById, streamingProviders, type Provider } from '@reelmates/contracts/catalog'
import { appLocale } from '../../lib/appLocale'

/**
 * Bumped whenever the files under /logos/png/ change: the logos are cached for a long time, and the
 * version in their address is what makes browsers fetch the new ones (spec §2).
 */
export const logoVersion = '1'

export function providerLogoUrl(provider: Pick<Provider, 'logo'>): string {
  return `${provider.logo}?v=${logoVersion}`
}

/** The product's five streaming services, in the order home shows their rows. */
export const homeProviders: readonly Provider[] = streamingProviders

export { providerById }

/** Regions offered on a provider page; TMDB knows watch providers for many more. */
export const providerRegions = [
  'US',
  'GB',
  'CA',
  'AU',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BR',
  'MX',
  'IN',
  'JP',
] as const

export function regionName(code: string, locale?: string): string {
  try {
    return new Intl.DisplayNames([locale ?? appLocale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
