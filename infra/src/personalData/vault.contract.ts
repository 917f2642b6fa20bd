/**
 * What every personal data vault must do, run against each adapter (SQLite in `npm test`, MongoDB in
 * `npm run test:infra`). `open(place)` opens a vault on the storage named `place`: a new place is
 * empty, and vaults opened on one place share their storage (as instances of one deployment do).
 */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MissingSubjectKeyError, SubjectErasedError } from './keyVault'
import type { PersonalDataVault } from './port'

export function vaultContract(name: string, open: (place: string) => Promise<PersonalDataVault>): void {
  describe(`personal data vault contract: ${name}`, () => {
    const opened: PersonalDataVault[] = []
    let place = randomUUID()
    beforeEach(() => {
      place = randomUUID()
    })
    const vault = async () => {
      const created = await open(place)
      opened.push(created)
      return created
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((each) => each.close()))
    })
    const subject = () => `user-${randomUUID()}`

    it('gives back what it encrypted, and the ciphertext shows none of it', async () => {
      const store = await vault()
      const ana = subject()
      const profile = { email: 'ana@example.com', bio: 'Loves Ghibli films', age: 31, tags: ['anime'] }
      const ciphertext = await store.encrypt(ana, profile)
      expect(ciphertext).not.toContain('ana@example.com')
      expect(ciphertext).not.toContain('Ghibli')
      expect(await store.decrypt(ana, ciphertext)).toEqual({ erased: false, value: profile })
    })

    it('encrypts the same value differently each time (a random IV per value)', async () => {
      const store = await vault()
      const ana = subject()
      expect(await store.encrypt(ana, 'ana')).not.toBe(await store.encrypt(ana, 'ana'))
    })

    it("refuses another subject's ciphertext: a value is bound to its subject", async () => {
      const store = await vault()
      const [ana, ben] = [subject(), subject()]
      await store.encrypt(ben, 'anything')
      const ciphertext = await store.encrypt(ana, 'ana@example.com')
      await expect(store.decrypt(ben, ciphertext)).rejects.toThrow()
    })

    it('refuses a tampered ciphertext instead of answering altered data', async () => {
      const store = await vault()
      const ana = subject()
      const ciphertext = await store.encrypt(ana, { role: 'User' })
      const [format, iv, tag, body = ''] = ciphertext.split('.')
      const flipped = Buffer.from(body, 'base64url')
      flipped[0] = (flipped[0] ?? 0) ^ 1
      await expect(store.decrypt(ana, [format, iv, tag, flipped.toString('base64url')].join('.'))).rejects.toThrow()
    })

    it('says plainly when it holds no key for a subject, rather than reporting it erased', async () => {
      const store = await vault()
      const ciphertext = await store.encrypt(subject(), 'x')
      await expect(store.decrypt(subject(), ciphertext)).rejects.toThrow(MissingSubjectKeyError)
    })

    it('answers erased for every value of an erased subject, and only for that subject', async () => {
      const store = await vault()
      const [ana, ben] = [subject(), subject()]
      const anas = await store.encrypt(ana, 'ana@example.com')
      const bens = await store.encrypt(ben, 'ben@example.com')
      await store.erase(ana)
      expect(await store.decrypt(ana, anas)).toEqual({ erased: true })
      expect(await store.decrypt(ben, bens)).toEqual({ erased: false, value: 'ben@example.com' })
    })

    it('answers erased from a second vault on the same storage too (the key is gone, not just forgotten)', async () => {
      const first = await vault()
      const ana = subject()
      const ciphertext = await first.encrypt(ana, 'ana@example.com')
      await first.erase(ana)
      const second = await vault()
      expect(await second.decrypt(ana, ciphertext)).toEqual({ erased: true })
    })

    it('refuses to store personal data for an erased subject again', async () => {
      const store = await vault()
      const ana = subject()
      await store.encrypt(ana, 'ana@example.com')
      await store.erase(ana)
      await expect(store.encrypt(ana, 'again')).rejects.toThrow(SubjectErasedError)
    })

    it('reserves, looks up and releases values trimmed and case-insensitively', async () => {
      const store = await vault()
      const ana = subject()
      expect(await store.reserve('email', 'Ana@Example.com', ana)).toBe(true)
      expect(await store.lookup('email', '  ana@EXAMPLE.COM ')).toBe(ana)
      expect(await store.reserve('email', 'ana@example.com', ana)).toBe(true)
      await store.release('email', 'ANA@example.com', ana)
      expect(await store.lookup('email', 'ana@example.com')).toBeNull()
    })

    it('keeps kinds apart: a username and an email with the same text are different reservations', async () => {
      const store = await vault()
      const [ana, ben] = [subject(), subject()]
      expect(await store.reserve('username', 'cinephile', ana)).toBe(true)
      expect(await store.reserve('email', 'cinephile', ben)).toBe(true)
      expect(await store.lookup('username', 'cinephile')).toBe(ana)
      expect(await store.lookup('email', 'cinephile')).toBe(ben)
    })

    it('refuses a value held by another subject, and a release by the other subject changes nothing', async () => {
      const store = await vault()
      const [ana, ben] = [subject(), subject()]
      await store.reserve('username', 'ana', ana)
      expect(await store.reserve('username', 'ANA', ben)).toBe(false)
      await store.release('username', 'ana', ben)
      expect(await store.lookup('username', 'ana')).toBe(ana)
    })

    it('lets exactly one of 20 concurrent reservations of one value succeed', async () => {
      const store = await vault()
      const subjects = Array.from({ length: 20 }, subject)
      const results = await Promise.all(subjects.map((each) => store.reserve('email', 'popular@example.com', each)))
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await store.lookup('email', 'popular@example.com')).toBe(subjects[results.indexOf(true)])
    })

    it('lets exactly one of 20 reservations through different vault instances succeed', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, vault))
      const subjects = Array.from({ length: 20 }, subject)
      const results = await Promise.all(
        subjects.map((each, index) => {
          const store = stores[index % stores.length]
          if (store === undefined) throw new Error('no vault')
          return store.reserve('username', 'popcorn', each)
        }),
      )
      expect(results.filter(Boolean)).toHaveLength(1)
    })

    it('frees every reservation of an erased subject', async () => {
      const store = await vault()
      const [ana, ben] = [subject(), subject()]
      await store.reserve('email', 'ana@example.com', ana)
      await store.reserve('username', 'ana', ana)
      await store.erase(ana)
      expect(await store.lookup('email', 'ana@example.com')).toBeNull()
      expect(await store.lookup('username', 'ana')).toBeNull()
      expect(await store.reserve('username', 'ana', ben)).toBe(true)
    })

    it('erases a subject that never stored anything, and then refuses it', async () => {
      const store = await vault()
      const ana = subject()
      await store.erase(ana)
      await expect(store.encrypt(ana, 'x')).rejects.toThrow(SubjectErasedError)
      await expect(store.reserve('username', 'ana', ana)).rejects.toThrow(SubjectErasedError)
    })

    it('gives one key to a subject encrypted concurrently for the first time', async () => {
      const store = await vault()
      const ana = subject()
      const ciphertexts = await Promise.all(Array.from({ length: 10 }, (_, index) => store.encrypt(ana, index)))
      const reader = await vault()
      const values = await Promise.all(ciphertexts.map((each) => reader.decrypt(ana, each)))
      expect(values).toEqual(Array.from({ length: 10 }, (_, index) => ({ erased: false, value: index })))
    })
  })
}
