import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords'

describe('passwords', () => {
  it('verifies the password it hashed, and no other', async () => {
    const stored = await hashPassword('correct-horse')
    expect(await verifyPassword('correct-horse', stored)).toBe(true)
    expect(await verifyPassword('correct-horsE', stored)).toBe(false)
  })

  it('salts every hash, so the same password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password'), hashPassword('same-password')])
    expect(a).not.toBe(b)
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toContain('same-password')
  })

  it('refuses when there is no stored hash, or one it cannot read', async () => {
    expect(await verifyPassword('anything', null)).toBe(false)
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false)
  })

  it('treats the same letters typed in a composed or decomposed form alike', async () => {
    const stored = await hashPassword('caf\u00e9-latte')
    expect(await verifyPassword('cafe\u0301-latte', stored)).toBe(true)
  })
})
