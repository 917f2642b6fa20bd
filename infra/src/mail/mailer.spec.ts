import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createMailer } from './mailer'
import type { Mailer, MailMessage } from './port'
import { startSmtpServer } from '../testing/smtpServer'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-mail-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const from = 'Reelmates <no-reply@reelmates.test>'

const toClose: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(toClose.splice(0).map((each) => each.close()))
})

function mailer(options: { smtpUrl?: string; outboxPath?: string } = {}): Mailer {
  const created = createMailer({ from, outboxPath: join(directory, `${randomUUID()}.sqlite`), ...options })
  toClose.push(created)
  return created
}

const resetFor = (to: string, userId?: string): MailMessage => ({
  to,
  userId,
  category: 'password-reset',
  subject: 'Reset your Reelmates password',
  text: `Follow https://reelmates.test/reset?token=${randomUUID()} to choose a new password.`,
})

async function smtpServer(options: { refuseRecipients?: boolean } = {}) {
  const server = await startSmtpServer(options)
  toClose.push(server)
  return server
}

function bytesOf(path: string): string {
  return readdirSync(directory)
    .map((file) => join(directory, file))
    .filter((file) => file.startsWith(path))
    .map((file) => readFileSync(file).toString('utf8'))
    .join('')
}

// What every outbox does (lists, keys, history, erasure) is in outbox.contract.ts; here, what the
// SQLite file adds, and delivery.
describe('mailer without SMTP (the outbox file)', () => {
  it('keeps the outbox across restarts', async () => {
    const outboxPath = join(directory, `${randomUUID()}.sqlite`)
    const first = createMailer({ from, outboxPath })
    const sent = await first.send(resetFor('ana@example.com'))
    await first.close()
    expect(await mailer({ outboxPath }).list()).toEqual([sent])
  })

  it('erases every message to a user or their address, and leaves no bytes of them in its files', async () => {
    const outboxPath = join(directory, `${randomUUID()}.sqlite`)
    const mail = mailer({ outboxPath })
    const byId = await mail.send(resetFor('old-address@example.com', 'user-ana'))
    const byAddress = await mail.send(resetFor('ANA@example.com'))
    const bens = await mail.send(resetFor('ben@example.com', 'user-ben'))
    // The check can see a message: before erasure its text is in the file.
    expect(bytesOf(outboxPath)).toContain(byId.text)

    await mail.eraseUser('user-ana', 'ana@example.com')
    expect(await mail.list()).toEqual([bens])
    await mail.close()
    const bytes = bytesOf(outboxPath)
    for (const gone of [byId.text, byAddress.text, 'old-address@example.com', 'ANA@example.com', 'ana@example.com']) {
      expect(bytes).not.toContain(gone)
    }
    expect(bytes).toContain(bens.text)
    expect(existsSync(`${outboxPath}-journal`) || existsSync(`${outboxPath}-wal`)).toBe(false)
  })
})

describe('mailer with SMTP', () => {
  it('sends through the SMTP server and records the message as sent', async () => {
    const smtp = await smtpServer()
    const mail = mailer({ smtpUrl: smtp.url })
    const message = resetFor('ana@example.com', 'user-ana')
    const entry = await mail.send(message)

    expect(entry.status).toBe('sent')
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]?.from).toBe('no-reply@reelmates.test')
    expect(smtp.received[0]?.to).toEqual(['ana@example.com'])
    expect(smtp.received[0]?.raw).toContain('Subject: Reset your Reelmates password')
    expect(smtp.received[0]?.raw).toContain(message.text.slice(0, 40))
    expect(await mail.list()).toEqual([entry])
  })

  it('records a message the server refused as failed, with the reason', async () => {
    const smtp = await smtpServer({ refuseRecipients: true })
    const mail = mailer({ smtpUrl: smtp.url })
    const entry = await mail.send(resetFor('nobody@example.com'))

    expect(entry.status).toBe('failed')
    expect(entry.error).toMatch(/unavailable/)
    expect(smtp.received).toHaveLength(0)
    expect(await mail.list()).toEqual([entry])
  })

  it('passes the List-Unsubscribe headers of a list mail on to the server', async () => {
    const smtp = await smtpServer()
    const mail = mailer({ smtpUrl: smtp.url })
    await mail.send({
      ...resetFor('ana@example.com'),
      category: 'campaign-step',
      headers: {
        'List-Unsubscribe': '<https://reelmates.test/api/unsubscribe?token=t>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    expect(smtp.received[0]?.raw).toContain('List-Unsubscribe: <https://reelmates.test/api/unsubscribe?token=t>')
    expect(smtp.received[0]?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  })
})

describe('an outbox opened by several processes at once', () => {
  it('is created and brought up to date by one of them, the others waiting, none failing', async () => {
    // A server and its scheduler (or two schedulers) open the same file as they start; each open adds
    // the columns an older outbox lacks. Unlocked, two of them saw a column missing and the second
    // failed to add it ("duplicate column name"): 17 of 120 opens here before the fix.
    const shared = mkdtempSync(join(directory, 'shared-'))
    const startAt = Date.now() + 2_500
    const script = resolve(import.meta.dirname, '../../test/openOutboxes.ts')
    const run = promisify(execFile)
    const answers = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', script, shared, String(startAt), '40'])),
    )
    const failures = answers.flatMap(({ stdout }) => (JSON.parse(stdout) as { failures: string[] }).failures)
    expect(failures).toEqual([])
  }, 60_000)
})
