import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel'
import { useCallback, useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '../../lib/reducedMotion'
import { featureSlides } from './featureSlides'
import { SlideArt } from './SlideArt'

/**
 * Spec §9: the slides advance every 5 s, loop, and are centred. For people who ask for less motion
 * they stand still (WCAG 2.2.2) and the dots change the slide at once.
 */
export const carouselIntervalMs = 5000

/** The five feature slides beside the sign-in and sign-up forms. */
export function FeatureCarousel() {
  const viewport = useRef<HTMLDivElement>(null)
  const emblaRef = useRef<EmblaCarouselType | undefined>(undefined)
  const [selected, setSelected] = useState(0)
  const [paused, setPausedState] = useState(false)
  // The same, known at once: a turn due in the moment between a finger landing and the re-render that
  // clears the timer would otherwise move the slide from under the swipe.
  const held = useRef(false)
  const setPaused = useCallback((value: boolean) => {
    held.current = value
    setPausedState(value)
  }, [])

  // Embla starts when the carousel is first needed: its first turn, or a hand on it (a pointer
  // pressed or hovering, a dot focused). It measures every slide when it starts, the largest piece
  // of the sign-in page's work on a phone (docs/pwa.md, fifth pass), and until it moves the first
  // slide shows just as it does with Embla. Started synchronously inside the first pointerdown's
  // capture, it still receives that pointerdown, so a first swipe is followed.
  const start = useCallback((): EmblaCarouselType | undefined => {
    if (emblaRef.current || !viewport.current) return emblaRef.current
    const embla = EmblaCarousel(viewport.current, { loop: true, align: 'center' })
    embla.on('select', () => setSelected(embla.selectedScrollSnap()))
    emblaRef.current = embla
    return embla
  }, [])

  useEffect(
    () => () => {
      emblaRef.current?.destroy()
      emblaRef.current = undefined
    },
    [],
  )

  useEffect(() => {
    if (paused) return
    // Asked at each turn, not when the timer is set: a setting changed while the page is open counts.
    const timer = setInterval(() => {
      if (!held.current && !prefersReducedMotion()) start()?.scrollNext()
    }, carouselIntervalMs)
    return () => clearInterval(timer)
  }, [start, paused, selected])

  const goTo = useCallback((index: number) => start()?.scrollTo(index, prefersReducedMotion()), [start])

  return (
    <section
      aria-roledescription="carousel"
      aria-label="What you can do with Reelmates"
      className="relative"
      // A finger on the carousel holds it where it is, as a hovering mouse does: a turn of its own in
      // the middle of a swipe would take the slide from under it.
      onPointerDownCapture={() => {
        start()
        setPaused(true)
      }}
      onPointerUp={(event) => {
        if (event.pointerType !== 'mouse') setPaused(false)
      }}
      onPointerCancel={(event) => {
        if (event.pointerType !== 'mouse') setPaused(false)
      }}
      onMouseEnter={() => {
        start()
        setPaused(true)
      }}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => {
        start()
        setPaused(true)
      }}
      onBlur={() => setPaused(false)}
    >
      <div ref={viewport} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {featureSlides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${featureSlides.length}: ${slide.title}`}
              aria-hidden={index !== selected}
              className="min-w-0 flex-[0_0_100%] px-2"
            >
              <SlideArt kind={slide.id} />
              <h2 className="mt-5 text-center text-xl font-bold text-white">{slide.title}</h2>
              <p className="mx-auto mt-2 max-w-xs text-center text-sm text-zinc-400">{slide.text}</p>
            </div>
          ))}
        </div>
      </div>
      {/* Each dot sits in a 32 px target: an 8 px dot alone is too small to tap (WCAG 2.2 target size). */}
      <div className="mt-3 flex justify-center">
        {featureSlides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => goTo(index)}
            aria-label={`Show slide ${index + 1}: ${slide.title}`}
            aria-current={index === selected}
            className="group grid h-8 min-w-8 place-items-center rounded-full px-1 focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            <span
              aria-hidden
              className={`h-2 rounded-full forced-color-adjust-none transition-all ${index === selected ? 'w-6 bg-reel' : 'w-2 bg-white/25 group-hover:bg-white/50'}`}
            />
          </button>
        ))}
      </div>
    </section>
  )
}
