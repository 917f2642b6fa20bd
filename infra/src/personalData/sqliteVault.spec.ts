import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { createSqliteVault } from './sqliteVault'
import { vaultContract } from './vault.contract'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-vault-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const secret = 'a test secret that is long enough to be accepted!'

vaultContract('SQLite', (place) =>
  Promise.resolve(createSqliteVault({ path: join(directory, `${place}.sqlite`), secret })),
)

/** Every file SQLite keeps for the database (the file itself, and a journal or WAL if one is left). */
function bytesOnDisk(path: string): Buffer {
  const files = readdirSync(directory)
    .map((file) => join(directory, file))
    .filter((file) => file.startsWith(path))
  return Buffer.concat(files.map((file) => readFileSync(file)))
}

function storedKeyOf(path: string, subjectId: string): Buffer {
  const peek = new Database(path, { readonly: true })
  try {
    const row = peek
      .prepare<[string], { wrapped_key: Buffer }>('SELECT wrapped_key FROM personal_keys WHERE subject_id = ?')
      .get(subjectId)
    if (row === undefined) throw new Error('no key stored')
    return row.wrapped_key
  } finally {
    peek.close()
  }
}

describe('SQLite personal data vault on disk', () => {
  it('leaves no bytes of an erased key in its files', async () => {
    const path = join(directory, `${randomUUID()}.sqlite`)
    const vault = createSqliteVault({ path, secret })
    const [ana, ben] = ['user-ana', 'user-ben']
    await vault.encrypt(ana, 'ana@example.com')
    await vault.encrypt(ben, 'ben@example.com')
    const anasKey = storedKeyOf(path, ana)
    const bensKey = storedKeyOf(path, ben)
    // The check can see a key: before erasure both are in the file.
    expect(bytesOnDisk(path).includes(anasKey)).toBe(true)

    await vault.erase(ana)
    await vault.close()
    const bytes = bytesOnDisk(path)
    expect(bytes.includes(anasKey)).toBe(false)
    expect(bytes.includes(bensKey)).toBe(true)
  })

  it('never writes reserved values in clear, and leaves no trace of their hashes after erasure', async () => {
    const path = join(directory, `${randomUUID()}.sqlite`)
    const vault = createSqliteVault({ path, secret })
    await vault.reserve('email', 'Ana.Lopez@Example.com', 'user-ana')
    await vault.reserve('username', 'AnaLopez', 'user-ana')
    const peek = new Database(path, { readonly: true })
    const hashes = peek
      .prepare<[], { value_hash: string }>('SELECT value_hash FROM personal_reservations')
      .all()
      .map((row) => row.value_hash)
    peek.close()
    expect(hashes).toHaveLength(2)
    for (const hash of hashes) expect(bytesOnDisk(path).includes(hash)).toBe(true)

    for (const clear of ['ana.lopez@example.com', 'Ana.Lopez@Example.com', 'analopez', 'AnaLopez']) {
      expect(bytesOnDisk(path).includes(clear)).toBe(false)
    }
    await vault.erase('user-ana')
    await vault.close()
    for (const hash of hashes) expect(bytesOnDisk(path).includes(hash)).toBe(false)
  })

  it('keeps no journal file between transactions', async () => {
    const path = join(directory, `${randomUUID()}.sqlite`)
    const vault = createSqliteVault({ path, secret })
    await vault.encrypt('user-ana', 'x')
    await vault.erase('user-ana')
    expect(existsSync(`${path}-journal`) || existsSync(`${path}-wal`)).toBe(false)
    await vault.close()
  })

  it('cannot decrypt with another secret: the stored keys are wrapped', async () => {
    const path = join(directory, `${randomUUID()}.sqlite`)
    const vault = createSqliteVault({ path, secret })
    const ciphertext = await vault.encrypt('user-ana', 'ana@example.com')
    await vault.close()
    const stolen = createSqliteVault({ path, secret: 'some other secret that is long enough, too' })
    await expect(stolen.decrypt('user-ana', ciphertext)).rejects.toThrow()
    await stolen.close()
  })

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createSqliteVault({ path: ':memory:', secret: 'short' })).toThrow(/32 characters/)
  })
})
