import type { FavouriteGenre } from '@reelmates/contracts/profiles'

/** The genres a member watches most (public watches only); nothing until they share a watch with genres. */
export function FavouriteGenres({ genres }: { genres: FavouriteGenre[] }) {
  if (genres.length === 0) return null
  return (
    <section aria-labelledby="genres-heading" className="flex flex-wrap items-center gap-2">
      <h2 id="genres-heading" className="text-xs font-medium uppercase tracking-widest text-zinc-400">
        Favourite genres
      </h2>
      <ul className="flex flex-wrap gap-2" aria-labelledby="genres-heading">
        {genres.map((genre) => (
          <li
            key={genre.id}
            className="rounded-full bg-panel px-3 py-1 text-sm font-medium text-zinc-100 ring-1 ring-white/10"
            title={`${genre.watches} public ${genre.watches === 1 ? 'watch' : 'watches'}`}
          >
            {genre.name}
          </li>
        ))}
      </ul>
    </section>
  )
}
