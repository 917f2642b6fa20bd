import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineEvent } from '@reelmates/contracts/events'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createSqliteBulkAppender, createSqliteEventStore } from '../eventStore/sqliteEventStore'
import { testEvent } from '../eventStore/testEvents'
import { personalDataSealer, protectPersonalData, SEALED_PERSONAL_DATA } from './protectedEventStore'
import { createSqliteVault } from './sqliteVault'

defineEvent('SealerSpecNoteWritten', z.object({ userId: z.string(), note: z.string(), tmdbId: z.number() }), {
  personal: { subjectField: 'userId', fields: ['note'] },
})

const directory = mkdtempSync(join(tmpdir(), 'reelmates-sealer-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe('personalDataSealer', () => {
  it('seals events written in bulk as append would: ciphertext in the file, clear text through the protected store', async () => {
    const eventsPath = join(directory, 'events.sqlite')
    const vault = createSqliteVault({
      path: join(directory, 'vault.sqlite'),
      secret: 'a-secret-of-at-least-32-characters!!',
    })
    const seal = personalDataSealer(vault)
    const sealed = await seal(testEvent('SealerSpecNoteWritten', { userId: 'ana', note: 'my secret note', tmdbId: 7 }))
    expect(Object.keys(sealed.data).sort()).toEqual([SEALED_PERSONAL_DATA, 'tmdbId', 'userId'])
    expect(typeof sealed.data[SEALED_PERSONAL_DATA]).toBe('string')
    const plain = testEvent('SealerSpecUnknownType', { userId: 'ana' })
    expect(await seal(plain)).toBe(plain)

    const bulk = createSqliteBulkAppender(eventsPath)
    bulk.append([{ streamId: 'notes-ana', events: [sealed] }])
    bulk.close()
    expect(readFileSync(eventsPath).includes('my secret note')).toBe(false)

    const store = protectPersonalData(createSqliteEventStore({ path: eventsPath }), vault)
    const [read] = await store.readStream('notes-ana')
    expect(read?.data).toEqual({ userId: 'ana', note: 'my secret note', tmdbId: 7 })
    await store.close()
    await vault.close()
  })
})
