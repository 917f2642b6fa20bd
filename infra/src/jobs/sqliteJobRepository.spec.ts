import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { jobBackendContract } from './jobBackend.contract'
import { sqliteJobBackend } from './jobBackends'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-jobs-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

// One file per store name: backends opened on the same name are processes sharing one job store.
jobBackendContract('SQLite', (store) => Promise.resolve(sqliteJobBackend({ path: join(directory, `${store}.db`) })))
