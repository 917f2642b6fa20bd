import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SpoilerReview } from './SpoilerReview'

afterEach(cleanup)

const review = 'Bruce Willis was dead all along.'
const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show review (may contain spoilers)' }))

describe('a review with spoilers', () => {
  it('stays covered until the reader asks to see it', () => {
    render(<SpoilerReview text={review} containsSpoilers shownKey="activity-1" />)
    expect(screen.queryByText(review)).toBeNull()
    show()
    expect(screen.getByText(review)).toBeDefined()
  })

  it('stays shown on the next screen that names it the same way, and only there', () => {
    const feedCard = render(<SpoilerReview text={review} containsSpoilers shownKey="activity-2" />)
    show()
    feedCard.unmount()

    // The same activity on its own page.
    render(<SpoilerReview text={review} containsSpoilers shownKey="activity-2" />)
    expect(screen.getByText(review)).toBeDefined()
    cleanup()
    render(<SpoilerReview text={review} containsSpoilers shownKey="activity-3" />)
    expect(screen.queryByText(review)).toBeNull()
  })

  it('is covered again everywhere once the reader hides it', () => {
    render(<SpoilerReview text={review} containsSpoilers shownKey="activity-4" />)
    show()
    fireEvent.click(screen.getByRole('button', { name: 'Hide review' }))
    cleanup()
    render(<SpoilerReview text={review} containsSpoilers shownKey="activity-4" />)
    expect(screen.queryByText(review)).toBeNull()
  })

  it('without a name, is covered each time it is drawn', () => {
    const first = render(<SpoilerReview text={review} containsSpoilers />)
    show()
    first.unmount()
    render(<SpoilerReview text={review} containsSpoilers />)
    expect(screen.queryByText(review)).toBeNull()
  })
})

describe('a review with spoilers, read by its writer', () => {
  it('is shown, saying others see it covered', () => {
    render(<SpoilerReview text={review} containsSpoilers byReader shownKey="activity-9" />)
    expect(screen.getByText(review)).toBeDefined()
    expect(screen.getByText('Marked as spoilers: covered for others')).toBeDefined()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('a long review in a list', () => {
  const long = Array.from({ length: 12 }, (_, line) => `Line ${line + 1} of a long review.`).join('\n')
  const reviewParagraph = () => screen.getByText(/Line 1 of a long review/)

  it('shows its first lines and offers the rest', () => {
    render(<SpoilerReview text={long} containsSpoilers={false} />)
    const more = screen.getByRole('button', { name: 'Read the whole review' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(reviewParagraph().className).toContain('line-clamp-6')
    fireEvent.click(more)
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    expect(reviewParagraph().className).not.toContain('line-clamp')
  })

  it('is whole on the activity’s own page, and a short one is never cut', () => {
    render(<SpoilerReview text={long} containsSpoilers={false} inFull />)
    expect(reviewParagraph().className).not.toContain('line-clamp')
    cleanup()
    render(<SpoilerReview text={review} containsSpoilers={false} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('is cut the same way once a spoiler review is opened', () => {
    render(<SpoilerReview text={'x '.repeat(400)} containsSpoilers shownKey="activity-long" />)
    show()
    expect(screen.getByRole('button', { name: 'Read the whole review' })).toBeDefined()
  })
})
