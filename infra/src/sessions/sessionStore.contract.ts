/**
 * What every session store must do, run against each adapter (SQLite in `npm test`, MongoDB in
 * `npm run test:infra`). `open(now)` gives an empty store reading the time from `now`, so expiry is
 * tested by moving the clock rather than by waiting.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { SessionEnd, SessionStore, StoredSession } from './port'
import { contractClockStart } from '../testing/contractClock'

/** What the gateway keeps in a session, beside the fields the stores look at. */
type SessionData = StoredSession & Record<string, unknown>
const anonymousSession = (): SessionData => ({ cookie: { expires: null }, csrfSecret: 'abc' })

export const SESSION_TTL_MS = 60 * 60_000

export function sessionStoreContract(name: string, open: (now: () => number) => Promise<SessionStore>): void {
  describe(`session store contract: ${name}`, () => {
    const opened: SessionStore[] = []
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()))
    })

    let time = contractClockStart()
    async function store() {
      time = contractClockStart()
      const created = await open(() => time)
      opened.push(created)
      return {
        set: (id: string, session: SessionData) =>
          new Promise<void>((resolve, reject) => {
            created.set(id, session, (error) => (error ? reject(asError(error)) : resolve()))
          }),
        get: (id: string) =>
          new Promise<StoredSession | null | undefined>((resolve, reject) => {
            created.get(id, (error, session) => (error ? reject(asError(error)) : resolve(session)))
          }),
        destroy: (id: string) =>
          new Promise<void>((resolve, reject) => {
            created.destroy(id, (error) => (error ? reject(asError(error)) : resolve()))
          }),
        eraseUser: (userId: string, because?: SessionEnd) => created.eraseUser(userId, because),
      }
    }
    const newId = () => randomBytes(24).toString('base64url')
    const signedIn = (userId: string, expires: Date | null = null): SessionData => ({
      cookie: { expires, ...{ originalMaxAge: null, httpOnly: true, path: '/', sameSite: 'lax', secure: false } },
      userId,
      csrfSecret: randomBytes(12).toString('hex'),
    })
    const asStored = (session: SessionData) => JSON.parse(JSON.stringify(session)) as unknown

    it('answers nothing for a session it does not hold', async () => {
      const sessions = await store()
      expect(await sessions.get(newId())).toBeFalsy()
    })

    it('gives back a session as it was set, and the latest version of it', async () => {
      const sessions = await store()
      const id = newId()
      const session = signedIn('user-ana', new Date(time + 1000))
      await sessions.set(id, session)
      expect(await sessions.get(id)).toEqual(asStored(session))
      const updated = { ...session, theme: 'dark', 'odd.key': { $weird: true } }
      await sessions.set(id, updated)
      expect(await sessions.get(id)).toEqual(asStored(updated))
    })

    it('forgets a destroyed session; destroying an unknown one is fine', async () => {
      const sessions = await store()
      const id = newId()
      await sessions.set(id, signedIn('user-ana'))
      await sessions.destroy(id)
      expect(await sessions.get(id)).toBeFalsy()
      await sessions.destroy(newId())
    })

    it("no longer answers a session once its cookie's expiry has passed", async () => {
      const sessions = await store()
      const id = newId()
      await sessions.set(id, signedIn('user-ana', new Date(time + 5 * 60_000)))
      time += 5 * 60_000 - 1
      expect(await sessions.get(id)).toBeTruthy()
      time += 1
      expect(await sessions.get(id)).toBeFalsy()
    })

    it('lets a session whose cookie has no expiry live for the configured time after its last save', async () => {
      const sessions = await store()
      const id = newId()
      await sessions.set(id, signedIn('user-ana'))
      time += SESSION_TTL_MS - 1
      expect(await sessions.get(id)).toBeTruthy()
      await sessions.set(id, signedIn('user-ana'))
      time += SESSION_TTL_MS - 1
      expect(await sessions.get(id)).toBeTruthy()
      time += 1
      expect(await sessions.get(id)).toBeFalsy()
    })

    it("ends every session of an erased user and no one else's", async () => {
      const sessions = await store()
      const [phone, laptop, bens, anonymous] = [newId(), newId(), newId(), newId()]
      await sessions.set(phone, signedIn('user-ana'))
      await sessions.set(laptop, signedIn('user-ana'))
      await sessions.set(bens, signedIn('user-ben'))
      await sessions.set(anonymous, anonymousSession())
      await sessions.eraseUser('user-ana')
      expect(await sessions.get(phone)).toBeFalsy()
      expect(await sessions.get(laptop)).toBeFalsy()
      expect(await sessions.get(bens)).toBeTruthy()
      expect(await sessions.get(anonymous)).toBeTruthy()
    })

    it("leaves of a deleted account's sessions a marker without personal data, until each one's expiry", async () => {
      const sessions = await store()
      const [phone, laptop, bens] = [newId(), newId(), newId()]
      const phoneExpires = new Date(time + 5 * 60_000)
      await sessions.set(phone, signedIn('user-ana', phoneExpires))
      await sessions.set(laptop, signedIn('user-ana'))
      await sessions.set(bens, signedIn('user-ben'))
      await sessions.eraseUser('user-ana', 'accountDeleted')
      expect(await sessions.get(phone)).toEqual({
        cookie: { expires: phoneExpires.toISOString() },
        accountDeleted: true,
      })
      expect(await sessions.get(laptop)).toEqual({
        cookie: { expires: new Date(time + SESSION_TTL_MS).toISOString() },
        accountDeleted: true,
      })
      expect((await sessions.get(bens))?.userId).toBe('user-ben')
      // No user any more: erasing Ana again (the scheduler repeats the erasure) finds nothing to end.
      await sessions.eraseUser('user-ana')
      expect(await sessions.get(phone)).toMatchObject({ accountDeleted: true })
      time = phoneExpires.getTime()
      expect(await sessions.get(phone)).toBeFalsy()
      expect(await sessions.get(laptop)).toMatchObject({ accountDeleted: true })
    })

    it('finds a session that signed in after it was first saved anonymously', async () => {
      const sessions = await store()
      const id = newId()
      await sessions.set(id, anonymousSession())
      await sessions.set(id, { ...signedIn('user-ana'), csrfSecret: 'abc' })
      await sessions.eraseUser('user-ana')
      expect(await sessions.get(id)).toBeFalsy()
    })
  })
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
