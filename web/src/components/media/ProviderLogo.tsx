import type { Provider } from '@reelmates/contracts/catalog'
import { providerLogoUrl } from '../../features/catalog/providers'

interface ProviderLogoProps {
  provider: Provider
  /** Tailwind size classes of the square tile. */
  className?: string
  /** Decorative beside a visible name; otherwise the logo names the service. */
  decorative?: boolean
}

/** One of the five streaming services' logos, served from /logos/png/ with its cache-busting version. */
export function ProviderLogo({ provider, className = 'h-9 w-9', decorative = false }: ProviderLogoProps) {
  return (
    <img
      src={providerLogoUrl(provider)}
      alt={decorative ? '' : provider.name}
      width={96}
      height={96}
      decoding="async"
      className={`shrink-0 rounded-lg bg-panel object-contain ring-1 ring-white/10 ${className}`}
    />
  )
}
