import { describe, expect, it } from 'vitest'
import { scryptPasswords } from './passwords'

describe('passwords', () => {
  const passwords = scryptPasswords()

  it('verifies the password it hashed, and no other', async () => {
    const stored = await passwords.hash('correct-horse')
    expect(await passwords.verify('correct-horse', stored)).toBe(true)
    expect(await passwords.verify('correct-horsE', stored)).toBe(false)
  })

  it('salts every hash, so the same password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([passwords.hash('same-password'), passwords.hash('same-password')])
    expect(a).not.toBe(b)
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toContain('same-password')
  })

  it('refuses when there is no stored hash, or one it cannot read', async () => {
    expect(await passwords.verify('anything', null)).toBe(false)
    expect(await passwords.verify('anything', 'md5$abc')).toBe(false)
  })

  it('treats the same letters typed in a composed or decomposed form alike', async () => {
    const stored = await passwords.hash('caf\u00e9-latte')
    expect(await passwords.verify('cafe\u0301-latte', stored)).toBe(true)
  })

  it('verifies a hash by the cost written in it, so a cost changed later leaves every account able to sign in', async () => {
    const cheap = scryptPasswords(10)
    const stored = await cheap.hash('correct-horse')
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await passwords.verify('correct-horse', stored)).toBe(true)
    expect(await cheap.verify('correct-horse', await passwords.hash('correct-horse'))).toBe(true)
  })
})
