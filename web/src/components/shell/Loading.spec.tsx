import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Loading, loadingWords } from './NotSavedOffline'

afterEach(cleanup)

const skeleton = <div aria-hidden="true" className="animate-pulse" data-testid="skeleton" />

describe('a screen that is loading, for someone who cannot see its skeleton', () => {
  it('says what is loading, as a status', () => {
    render(<Loading what="Your feed">{skeleton}</Loading>)
    expect(screen.getByRole('status').textContent).toBe('Loading your feed…')
    expect(screen.getByTestId('skeleton')).toBeTruthy()
  })

  it('has a row say it only where it is read, not as one more status among many', () => {
    render(
      <Loading what="This row" size="row">
        {skeleton}
      </Loading>,
    )
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByText('Loading this row…')).toBeTruthy()
  })

  it('keeps the capitals of a name', () => expect(loadingWords('Ann’s profile')).toBe('Loading Ann’s profile…'))
})
