import type { FeatureSlideId } from './featureSlides'

const poster = (hue: number) => ({
  background: `linear-gradient(160deg, hsl(${hue} 70% 55%), hsl(${(hue + 40) % 360} 60% 25%))`,
})

/** Small drawn previews of each feature (no screenshots, so they stay sharp and light). */
export function SlideArt({ kind }: { kind: FeatureSlideId }) {
  return (
    <div
      aria-hidden="true"
      className="mx-auto aspect-[4/3] w-full max-w-sm overflow-hidden rounded-3xl border border-white/10 bg-gradient-to-b from-panel-2 to-panel p-4 shadow-2xl shadow-black/50"
    >
      {kind === 'feed' ? <FeedArt /> : null}
      {kind === 'watchlist' ? <WatchlistArt /> : null}
      {kind === 'details' ? <DetailsArt /> : null}
      {kind === 'trailers' ? <TrailerArt /> : null}
      {kind === 'stream' ? <StreamArt /> : null}
    </div>
  )
}

function FeedArt() {
  const rows = [
    { who: 'Maya', what: 'watched', hue: 350, stars: '★★★★½' },
    { who: 'Tom', what: 'recommends', hue: 200, stars: '★★★★★' },
    { who: 'Dad', what: 'added', hue: 40, stars: '' },
  ]
  return (
    <div className="grid gap-3">
      {rows.map((row) => (
        <div key={row.who} className="flex items-center gap-3 rounded-2xl bg-white/5 p-2.5">
          <div className="grid h-8 w-8 place-items-center rounded-full bg-gradient-to-br from-reel to-gold text-xs font-bold text-ink">
            {row.who[0]}
          </div>
          <div className="flex-1 text-left text-xs text-zinc-300">
            <b className="text-white">{row.who}</b> {row.what}
            <div className="text-gold">{row.stars}</div>
          </div>
          <div className="h-12 w-8 rounded-md" style={poster(row.hue)} />
        </div>
      ))}
    </div>
  )
}

function WatchlistArt() {
  return (
    <div className="grid h-full grid-cols-4 gap-2">
      {[10, 60, 120, 200, 260, 300, 30, 170].map((hue, index) => (
        <div key={hue} className="relative rounded-lg" style={poster(hue)}>
          <span className="absolute left-1 top-1 grid h-5 w-5 place-items-center rounded-full bg-black/60 text-[10px] font-bold text-white">
            {index + 1}
          </span>
        </div>
      ))}
    </div>
  )
}

function DetailsArt() {
  return (
    <div className="flex h-full gap-3">
      <div className="w-2/5 rounded-xl" style={poster(280)} />
      <div className="flex flex-1 flex-col gap-2 text-left">
        <div className="h-4 w-4/5 rounded bg-white/80" />
        <div className="h-3 w-1/2 rounded bg-white/30" />
        <div className="mt-1 flex gap-1">
          <span className="rounded-full bg-gold/90 px-2 py-0.5 text-[10px] font-bold text-ink">8.4</span>
          <span className="rounded-full bg-white/10 px-2 py-0.5 text-[10px] text-zinc-300">Sci-fi</span>
        </div>
        <div className="mt-2 grid gap-1.5">
          <div className="h-2 rounded bg-white/15" />
          <div className="h-2 rounded bg-white/15" />
          <div className="h-2 w-3/4 rounded bg-white/15" />
        </div>
        <div className="mt-auto flex gap-1.5">
          {[0, 1, 2, 3].map((face) => (
            <div key={face} className="h-7 w-7 rounded-full bg-white/20" />
          ))}
        </div>
      </div>
    </div>
  )
}

function TrailerArt() {
  return (
    <div className="relative grid h-full place-items-center rounded-2xl" style={poster(15)}>
      <div className="grid h-14 w-14 place-items-center rounded-full bg-white/90 shadow-xl">
        <div className="ml-1 h-0 w-0 border-y-[10px] border-l-[16px] border-y-transparent border-l-ink" />
      </div>
      <div className="absolute inset-x-4 bottom-4 h-1.5 rounded-full bg-white/20">
        <div className="h-full w-1/3 rounded-full bg-reel" />
      </div>
    </div>
  )
}

function StreamArt() {
  const services = [
    { name: 'NETFLIX', className: 'bg-black text-[#e50914]' },
    { name: 'prime video', className: 'bg-[#0f171e] text-[#00a8e1]' },
    { name: 'Disney+', className: 'bg-[#0b1437] text-white' },
    { name: 'HBO max', className: 'bg-[#3b1a93] text-white' },
    { name: 'hulu', className: 'bg-[#0b0c0f] text-[#1ce783]' },
  ]
  return (
    <div className="grid h-full grid-cols-2 content-center gap-2">
      {services.map((service, index) => (
        <div
          key={service.name}
          className={`flex h-12 items-center justify-center rounded-xl text-sm font-black ${service.className} ${index === 4 ? 'col-span-2' : ''}`}
        >
          {service.name}
        </div>
      ))}
    </div>
  )
}
