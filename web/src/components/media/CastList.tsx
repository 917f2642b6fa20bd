import { imageUrl, type Credits } from '@reelmates/contracts/catalog'
import { hideBrokenImage } from './hideBrokenImage'

/** The top-billed cast as faces (or initials) with their roles, scrolling sideways on a phone. */
export function CastList({ cast }: { cast: Credits['cast'] }) {
  const billed = [...cast].sort((a, b) => (a.order ?? 999) - (b.order ?? 999)).slice(0, 15)
  if (billed.length === 0) return null
  return (
    <section aria-labelledby="cast-heading">
      <h2 id="cast-heading" className="text-lg font-semibold text-white">
        Cast
      </h2>
      <ul className="-mx-4 mt-3 flex gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 md:grid-cols-4">
        {billed.map((person) => {
          const photo = imageUrl(person.profile_path)
          return (
            <li
              key={`${person.id}-${person.character ?? ''}`}
              className="flex w-24 shrink-0 flex-col items-center text-center sm:w-auto sm:flex-row sm:gap-3 sm:text-left"
            >
              {/* Initials underneath; the photo, when there is one and it loads, covers them. */}
              <span
                aria-hidden="true"
                className="relative flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-panel-2 text-lg font-semibold text-zinc-300 sm:h-12 sm:w-12 sm:text-sm"
              >
                {initials(person.name)}
                {photo ? (
                  <img
                    src={photo}
                    alt=""
                    loading="lazy"
                    onError={hideBrokenImage}
                    className="absolute inset-0 h-full w-full object-cover"
                  />
                ) : null}
              </span>
              <span className="mt-2 min-w-0 sm:mt-0">
                <span className="block text-sm font-medium leading-tight text-zinc-100">{person.name}</span>
                {person.character ? (
                  <span className="block truncate text-xs text-zinc-400">{person.character}</span>
                ) : null}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
}
