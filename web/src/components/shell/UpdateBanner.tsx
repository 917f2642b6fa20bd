interface UpdateBannerProps {
  /** Update Now is under way (the new version's worker is being put in charge). */
  busy?: boolean
  onUpdate: () => void
  onDismiss: () => void
}

/** Spec §2/§4: a new version is ready; Update Now or dismiss. */
export function UpdateBanner({ busy = false, onUpdate, onDismiss }: UpdateBannerProps) {
  return (
    <div
      role="region"
      aria-label="App update"
      className="fixed inset-x-0 top-0 z-[90] flex justify-center px-3 pt-[max(0.75rem,env(safe-area-inset-top))] print:hidden"
    >
      <div className="flex w-full max-w-xl items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/95 p-3 pl-4 shadow-2xl shadow-black/50 backdrop-blur">
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-reel/20 text-reel" aria-hidden="true">
          ↻
        </span>
        <p className="flex-1 text-sm text-zinc-100">
          <span className="font-semibold">A new version of Reelmates is available.</span>
        </p>
        <button
          type="button"
          onClick={onUpdate}
          // Not `disabled`: focus would drop to the page while it works.
          aria-disabled={busy}
          className="shrink-0 rounded-xl bg-reel-fill px-3 py-2 text-sm font-semibold text-white hover:bg-reel-strong aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {busy ? 'Updating…' : 'Update Now'}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss update"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-xl text-zinc-400 hover:bg-white/5 hover:text-white"
        >
          ✕
        </button>
      </div>
    </div>
  )
}
