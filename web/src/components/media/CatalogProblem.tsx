import { TryAgain } from '../shell/TryAgain'

interface CatalogProblemProps {
  message: string
  /** The failure shown (`useShownFailure`), so that Try again says how its asking goes (`TryAgain`). */
  failure: unknown
  onRetry: () => void
}

/** What a screen shows when the catalog could not answer: the reason, and a way to try again. */
export function CatalogProblem({ message, failure, onRetry }: CatalogProblemProps) {
  return (
    <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-950/30 px-4 py-5 text-sm text-red-100">
      <p>{message}</p>
      <TryAgain
        onRetry={onRetry}
        failure={failure}
        className="mt-3"
        look="rounded-full bg-white/10 px-4 py-1.5 font-medium text-white hover:bg-white/20"
      />
    </div>
  )
}

/** The message a failed catalog query carries (spec §8 wording), or a plain fallback. */
export function problemMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong loading this list.'
}
