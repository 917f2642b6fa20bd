import { createFileRoute } from '@tanstack/react-router'
import { PublicShell } from '../components/shell/PublicShell'

export const Route = createFileRoute('/profile/$username')({
  component: function PublicProfile() {
    const { username } = Route.useParams()
    return (
      <PublicShell>
        <section aria-labelledby="screen-title" className="grid gap-6">
          <header className="flex items-center gap-4">
            <div
              className="grid h-16 w-16 place-items-center rounded-full bg-gradient-to-br from-reel to-gold text-2xl font-bold text-ink"
              aria-hidden="true"
            >
              {username.slice(0, 1).toUpperCase()}
            </div>
            <h1 id="screen-title" className="text-2xl font-bold text-white">
              {username}
            </h1>
          </header>
          <p className="rounded-2xl border border-dashed border-white/10 bg-panel/60 p-8 text-center text-zinc-400">
            {username}'s public activity — the titles they've watched and recommended — will appear here.
          </p>
        </section>
      </PublicShell>
    )
  },
})
