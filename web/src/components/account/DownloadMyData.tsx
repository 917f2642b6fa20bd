import { memberExportUrl } from '../../features/account/profileCalls'
import { Icon } from '../library/icons'

/**
 * "Download all my data": a plain link the browser downloads, as the watchlist's export menu is, so
 * the file arrives however large it is and the app holds none of it in memory.
 */
export function DownloadMyData() {
  return (
    <section aria-labelledby="my-data-title" className="grid gap-2 rounded-2xl border border-white/10 p-5">
      <h2 id="my-data-title" className="text-base font-semibold text-white">
        Your data
      </h2>
      <p id="my-data-hint" className="text-sm text-zinc-400">
        One JSON file with your account and settings, watchlist, watched log, friends, comments, reactions and
        recommendations.
      </p>
      <div>
        <a
          href={memberExportUrl()}
          download
          aria-describedby="my-data-hint"
          className="inline-flex items-center gap-2 rounded-xl border border-white/15 px-5 py-2.5 text-sm font-semibold text-zinc-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <Icon name="download" className="h-[18px] w-[18px]" />
          Download all my data
        </a>
      </div>
    </section>
  )
}
