import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { breakableAddress } from './breakableAddress'

afterEach(cleanup)

describe('an email address on screen', () => {
  it('may wrap after the @ and before each dot, and reads as the address', () => {
    render(<p>{breakableAddress('ivy.lee@mail.example.com')}</p>)
    const shown = screen.getByText('ivy.lee@mail.example.com')
    expect(shown.innerHTML).toBe('ivy<wbr>.lee@<wbr>mail<wbr>.example<wbr>.com')
  })

  it('is left whole when it has nowhere to wrap', () => {
    render(<p>{breakableAddress('localhost')}</p>)
    expect(screen.getByText('localhost').innerHTML).toBe('localhost')
  })
})
