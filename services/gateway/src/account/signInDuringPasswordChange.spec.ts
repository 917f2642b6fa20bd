import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInAgent } from '../testing/signedIn'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('signing in while the password is being changed', () => {
  it('keeps no session opened with the old password once the change is recorded', async () => {
    const { client: owner, user } = await signedInAgent(t.app, 'racing_pass')
    const passwords = t.platform.passwords
    const verify = passwords.verify.bind(passwords)
    // The sign-in's check of the old password is held until the change has been recorded and has
    // signed out every session, as two devices at the same moment can make it.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let holding: () => void = () => undefined
    const isHeld = new Promise<void>((resolve) => (holding = resolve))
    let first = true
    passwords.verify = async (password, hash) => {
      const answer = await verify(password, hash)
      if (first) {
        first = false
        holding()
        await held
      }
      return answer
    }
    try {
      const intruder = agent(t.app)
      const signingIn = intruder.post('/api/login', { username: user.username, password: 'correct-horse' })
      await isHeld
      const changed = await owner.put('/api/user/profile', {
        currentPassword: 'correct-horse',
        newPassword: 'a-brand-new-horse',
      })
      expect(changed.statusCode).toBe(200)
      release()

      expect((await signingIn).statusCode).toBe(401)
      expect((await intruder.get('/api/user')).statusCode).toBe(401)
      // The owner, who changed it, stays signed in.
      expect((await owner.get('/api/user')).statusCode).toBe(200)
    } finally {
      passwords.verify = verify
    }
  })
})
