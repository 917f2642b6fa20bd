import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createMailer } from './mailer'
import type { Mailer, MailMessage } from './port'

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

interface ReceivedMail {
  from: string | undefined
  to: string[]
  raw: string
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, or refuses every recipient. */
async function smtpServer({ refuseRecipients = false } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseRecipients) {
        callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }))
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((each) => each.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  toClose.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
  return { url: `smtp://127.0.0.1:${port}`, received }
}

function bytesOf(path: string): string {
  return readdirSync(directory)
    .map((file) => join(directory, file))
    .filter((file) => file.startsWith(path))
    .map((file) => readFileSync(file).toString('utf8'))
    .join('')
}

describe('mailer without SMTP (the outbox)', () => {
  it('keeps every message in the outbox, newest first', async () => {
    const mail = mailer()
    const first = await mail.send(resetFor('ana@example.com', 'user-ana'))
    const second = await mail.send({ ...resetFor('ben@example.com'), category: 'magic-link', html: '<p>Sign in</p>' })
    expect(first.status).toBe('outbox')
    const listed = await mail.list()
    expect(listed).toEqual([second, first])
    expect(listed[0]).toMatchObject({ to: 'ben@example.com', category: 'magic-link', html: '<p>Sign in</p>' })
    expect(listed[1]).toMatchObject({
      to: 'ana@example.com',
      userId: 'user-ana',
      subject: 'Reset your Reelmates password',
    })
  })

  it('lists the messages to one address, whatever its case, within a limit', async () => {
    const mail = mailer()
    const sent = []
    for (let index = 0; index < 3; index++) sent.push(await mail.send(resetFor('Ana@Example.com')))
    await mail.send(resetFor('ben@example.com'))
    expect((await mail.list({ to: ' ana@example.COM' })).map((entry) => entry.id)).toEqual(
      sent.map((entry) => entry.id).reverse(),
    )
    expect((await mail.list({ to: 'ana@example.com', limit: 2 })).map((entry) => entry.id)).toEqual([
      sent[2]?.id,
      sent[1]?.id,
    ])
    expect(await mail.list({ limit: 1 })).toHaveLength(1)
  })

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

describe('the send history', () => {
  it('lists every send newest first, a page at a time, and the failures alone', async () => {
    const outboxPath = join(directory, `${randomUUID()}.sqlite`)
    const refusing = await smtpServer({ refuseRecipients: true })
    const failing = mailer({ smtpUrl: refusing.url, outboxPath })
    const failed = await failing.send(resetFor('nobody@example.com'))
    const kept = mailer({ outboxPath })
    const later = [await kept.send(resetFor('ana@example.com')), await kept.send(resetFor('bo@example.com'))]

    const first = await kept.history({ limit: 2 })
    expect(first.items.map((entry) => entry.id)).toEqual([later[1]?.id, later[0]?.id])
    expect(first.next).not.toBeNull()
    const second = await kept.history({ limit: 2, before: first.next ?? undefined })
    expect(second).toEqual({ items: [failed], next: null })
    expect((await kept.history({ limit: 10, status: 'failed' })).items).toEqual([failed])
    expect((await kept.history({ limit: 10, category: 'campaign-step' })).items).toEqual([])
  })

  it('answers one send by its id (a failure’s reason for the campaign report) while the outbox keeps it', async () => {
    const outboxPath = join(directory, `${randomUUID()}.sqlite`)
    const refusing = await smtpServer({ refuseRecipients: true })
    const failed = await mailer({ smtpUrl: refusing.url, outboxPath }).send(resetFor('nobody@example.com', 'u-1'))
    const kept = mailer({ outboxPath })
    expect(await kept.byId(failed.id)).toEqual(failed)
    expect((await kept.byId(failed.id))?.error).toMatch(/unavailable/)
    await kept.eraseUser('u-1')
    expect(await kept.byId(failed.id)).toBeNull()
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
