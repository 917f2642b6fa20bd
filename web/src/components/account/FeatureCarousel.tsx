import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useState } from 'react'
import { useAfterFirstIdle } from '../../lib/afterFirstIdle'
import { featureSlides } from './featureSlides'
import { SlideArt } from './SlideArt'

/** Spec §9: the slides advance every 5 s, loop, and are centred. */
export const carouselIntervalMs = 5000

/** The five feature slides beside the sign-in and sign-up forms. */
export function FeatureCarousel() {
  const [viewport, embla] = useEmblaCarousel({ loop: true, align: 'center' })
  // Embla measures every slide when it starts. Started with the page, that forced a layout of the
  // whole sign-in page in the middle of its first render (the largest script cost on a phone);
  // started when the browser is first idle, it reads the layout already made. Until then the
  // first slide shows, as it does once Embla runs.
  const started = useAfterFirstIdle()
  const [selected, setSelected] = useState(0)
  const [paused, setPaused] = useState(false)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    embla.on('select', onSelect)
    onSelect()
    return () => void embla.off('select', onSelect)
  }, [embla])

  useEffect(() => {
    if (!embla || paused) return
    const timer = setInterval(() => embla.scrollNext(), carouselIntervalMs)
    return () => clearInterval(timer)
  }, [embla, paused, selected])

  const goTo = useCallback((index: number) => embla?.scrollTo(index), [embla])

  return (
    <section
      aria-roledescription="carousel"
      aria-label="What you can do with Reelmates"
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div ref={started ? viewport : undefined} className="overflow-hidden">
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
              className={`h-2 rounded-full transition-all ${index === selected ? 'w-6 bg-reel' : 'w-2 bg-white/25 group-hover:bg-white/50'}`}
            />
          </button>
        ))}
      </div>
    </section>
  )
}
