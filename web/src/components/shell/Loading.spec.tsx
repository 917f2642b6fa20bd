import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { forgetUnreachable, serverAnswered, serverUnanswered } from '../../lib/connection'
import { Loading, LoadingLine, loadingWords } from './NotSavedOffline'

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

describe('a list with nothing kept on the device, while the server cannot be reached', () => {
  afterEach(() => act(() => forgetUnreachable()))

  it('says it is loading while the server can be reached', () => {
    render(<LoadingLine what="users" />)
    expect(screen.getByText('Loading users…')).toBeTruthy()
  })

  it('says it will load once Reelmates can be reached, not that it is loading, and loads when it is', () => {
    render(<LoadingLine what="the jobs" />)
    act(() => serverUnanswered())
    expect(screen.getByRole('status').textContent).toBe('The jobs will load as soon as Reelmates can be reached.')
    expect(screen.queryByText('Loading the jobs…')).toBeNull()
    act(() => serverAnswered())
    expect(screen.getByText('Loading the jobs…')).toBeTruthy()
  })

  it('offline, says it will load once the device is back online', () => {
    render(<LoadingLine what="mail" />)
    act(() => onlineManager.setOnline(false))
    expect(screen.getByRole('status').textContent).toBe('Mail will load when you are back online.')
    act(() => onlineManager.setOnline(true))
  })
})
