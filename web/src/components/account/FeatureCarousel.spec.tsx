import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { carouselIntervalMs, FeatureCarousel } from './FeatureCarousel'

// jsdom lays nothing out (and has no IntersectionObserver, which Embla needs): a stand-in Embla that
// moves between the five slides as the real one does, and tells how it was asked to move.
const embla = vi.hoisted(() => ({ index: 0, jumps: [] as boolean[] }))
vi.mock('embla-carousel', () => ({
  default: () => {
    const selected: Array<() => void> = []
    const select = (index: number) => {
      embla.index = (index + 5) % 5
      selected.forEach((listener) => listener())
    }
    return {
      on: (_event: 'select', listener: () => void) => selected.push(listener),
      selectedScrollSnap: () => embla.index,
      scrollNext: () => select(embla.index + 1),
      scrollTo: (index: number, jump = false) => {
        embla.jumps.push(jump)
        select(index)
      },
      destroy: () => undefined,
    }
  },
}))

const shownSlide = () =>
  screen
    .getAllByRole('button', { name: /^Show slide/ })
    .findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1

const waitTurns = (turns: number) =>
  act(() => {
    vi.advanceTimersByTime(turns * carouselIntervalMs)
  })

function askForReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
  }))
}

describe('the sign-in carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    embla.index = 0
    embla.jumps = []
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('turns to the next slide every 5 s', () => {
    askForReducedMotion(false)
    render(<FeatureCarousel />)
    expect(shownSlide()).toBe(1)
    waitTurns(1)
    expect(shownSlide()).toBe(2)
    waitTurns(1)
    expect(shownSlide()).toBe(3)
  })

  it('stands still for people who ask for reduced motion', () => {
    askForReducedMotion(true)
    render(<FeatureCarousel />)
    waitTurns(3)
    expect(shownSlide()).toBe(1)
  })

  it('stops turning once reduced motion is asked for, with the page open', () => {
    askForReducedMotion(false)
    render(<FeatureCarousel />)
    waitTurns(1)
    askForReducedMotion(true)
    waitTurns(3)
    expect(shownSlide()).toBe(2)
  })

  it('still changes slide with its dots under reduced motion, at once rather than gliding', () => {
    askForReducedMotion(true)
    render(<FeatureCarousel />)
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 4/ }))
    expect(shownSlide()).toBe(4)
    expect(embla.jumps).toEqual([true])
  })

  it('glides to the slide of a dot otherwise', () => {
    askForReducedMotion(false)
    render(<FeatureCarousel />)
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 4/ }))
    expect(shownSlide()).toBe(4)
    expect(embla.jumps).toEqual([false])
  })
})
