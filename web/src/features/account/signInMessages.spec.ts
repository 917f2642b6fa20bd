import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/apiError'
import {
  explainRegistrationFailure,
  explainSignInFailure,
  registrationMessages,
  signInMessages,
} from './signInMessages'

const unauthorized = new ApiError('Invalid username or password', 401, { message: 'Invalid username or password' })

describe('sign-in failure messages (spec §8)', () => {
  it('says the username does not exist when it is available', async () =>
    expect(await explainSignInFailure(unauthorized, () => Promise.resolve(true))).toEqual({
      message: signInMessages.noSuchUsername,
      toast: false,
    }))

  it('says the password is wrong when the username is taken', async () =>
    expect(await explainSignInFailure(unauthorized, () => Promise.resolve(false))).toEqual({
      message: signInMessages.wrongPassword,
      toast: false,
    }))

  it('falls back to the generic text when the username check fails', async () =>
    expect(await explainSignInFailure(unauthorized, () => Promise.reject(new Error('down')))).toEqual({
      message: signInMessages.failed,
      toast: false,
    }))

  it('shows the server text of other failures, with the toast', async () => {
    const limited = new ApiError('Too many attempts, wait a minute', 429, {
      message: 'Too many attempts, wait a minute',
      error: 'Too Many Requests',
    })
    expect(await explainSignInFailure(limited, () => Promise.resolve(true))).toEqual({
      message: 'Too many attempts, wait a minute',
      toast: true,
    })
  })

  it('shows the text of an answer that is not JSON, but not a bare reason phrase', async () => {
    const explain = (error: ApiError) => explainSignInFailure(error, () => Promise.resolve(true))
    expect(await explain(new ApiError('Upstream exploded', 500, 'Upstream exploded'))).toEqual({
      message: 'Upstream exploded',
      toast: true,
    })
    const page = '<html><title>502 Bad Gateway</title></html>'
    expect((await explain(new ApiError('502 Bad Gateway', 502, page))).message).toBe(signInMessages.failed)
    expect((await explain(new ApiError('Internal Server Error', 500, page))).message).toBe(signInMessages.failed)
  })

  it('treats a transport failure as unexpected', async () =>
    expect((await explainSignInFailure(new ApiError('Network error', 0), () => Promise.resolve(true))).message).toBe(
      signInMessages.unexpected,
    ))
})

describe('registration failure messages (spec §8)', () => {
  it('puts each taken field under its input', () =>
    expect(
      explainRegistrationFailure(new ApiError('Conflict', 409, {}, { username: 'taken', email: 'taken' })).fields,
    ).toEqual({
      username: registrationMessages.usernameTaken,
      email: registrationMessages.emailTaken,
    }))

  it('names only the field that is taken', () =>
    expect(explainRegistrationFailure(new ApiError('Conflict', 409, {}, { email: 'taken' })).fields).toEqual({
      email: registrationMessages.emailTaken,
    }))

  it('says registration failed for anything else', () =>
    expect(explainRegistrationFailure(new ApiError('Bad Request', 400)).message).toBe(registrationMessages.failed))
})
