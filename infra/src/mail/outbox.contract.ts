/**
 * What every outbox must do, run against each adapter (SQLite in `npm test`, MongoDB in
 * `npm run test:infra`), mostly through the mailer that callers use. `open()` gives a fresh, empty
 * outbox, and `another()` opens a second instance on that same outbox, as a second process (the next
 * lease holder of a reaction, a gateway) does.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmtpServer } from '../testing/smtpServer'
import { createMailer } from './mailer'
import type { Mailer, MailMessage, OutboxEntry, OutboxStore } from './port'

export interface OpenedOutbox {
  outbox: OutboxStore
  another(): Promise<OutboxStore>
}

const from = 'Reelmates <no-reply@reelmates.test>'

const resetFor = (to: string, userId?: string): MailMessage => ({
  to,
  ...(userId === undefined ? {} : { userId }),
  category: 'password-reset',
  subject: 'Reset your Reelmates password',
  text: `Follow https://reelmates.test/reset?token=${randomUUID()} to choose a new password.`,
})

export function outboxContract(name: string, open: () => Promise<OpenedOutbox>): void {
  describe(`outbox contract: ${name}`, () => {
    const toClose: { close(): Promise<void> }[] = []
    afterEach(async () => {
      // Mailers (and SMTP servers) first, then the outboxes under them.
      for (const each of toClose.splice(0).reverse()) await each.close()
    })

    async function outboxes() {
      const opened = await open()
      toClose.push(opened.outbox)
      return {
        outbox: opened.outbox,
        another: async () => {
          const second = await opened.another()
          toClose.push(second)
          return second
        },
      }
    }

    /** A mailer over the outbox; closing it leaves the outbox to the suite. */
    function mailerOn(outbox: OutboxStore, smtpUrl?: string): Mailer {
      const mailer = createMailer({
        from,
        ...(smtpUrl === undefined ? {} : { smtpUrl }),
        outbox: { ...outbox, close: () => Promise.resolve() },
      })
      toClose.push(mailer)
      return mailer
    }

    async function smtp(options: { refuseRecipients?: boolean } = {}) {
      const server = await startSmtpServer(options)
      toClose.push(server)
      return server
    }

    const ids = (entries: readonly OutboxEntry[]) => entries.map((entry) => entry.id)

    it('keeps every message in the outbox, newest first', async () => {
      const mail = mailerOn((await outboxes()).outbox)
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

    it('keeps every field of an entry as sent: headers, html, the failure and its reason', async () => {
      const refusing = await smtp({ refuseRecipients: true })
      const { outbox, another } = await outboxes()
      const failed = await mailerOn(outbox, refusing.url).send({
        ...resetFor('nobody@example.com', 'u-1'),
        category: 'campaign-step',
        html: '<p>Hello</p>',
        headers: { 'List-Unsubscribe': '<https://reelmates.test/api/unsubscribe?token=t>', 'X.Dotted': 'yes' },
      })
      expect(failed.status).toBe('failed')
      expect(failed.error).toMatch(/unavailable/)
      expect(await mailerOn(await another()).byId(failed.id)).toEqual(failed)
    })

    it('lists the messages to one address, whatever its case, within a limit', async () => {
      const mail = mailerOn((await outboxes()).outbox)
      const sent = []
      for (let index = 0; index < 3; index++) sent.push(await mail.send(resetFor('Ana@Example.com')))
      await mail.send(resetFor('ben@example.com'))
      expect(ids(await mail.list({ to: ' ana@example.COM' }))).toEqual(ids(sent).reverse())
      expect(ids(await mail.list({ to: 'ana@example.com', limit: 2 }))).toEqual([sent[2]?.id, sent[1]?.id])
      expect(await mail.list({ limit: 1 })).toHaveLength(1)
    })

    it('lists the messages to every address with some text in it, in any case, the text meaning only itself', async () => {
      const mail = mailerOn((await outboxes()).outbox)
      const underscore = await mail.send(resetFor('Ann_Lee@Example.com'))
      const plain = await mail.send(resetFor('annxlee@example.com'))
      const percent = await mail.send(resetFor('100%ann@example.com'))
      const plus = await mail.send(resetFor('ann+lee.x@example.com'))
      expect(ids(await mail.list({ toContaining: 'ANN' }))).toEqual(ids([plus, percent, plain, underscore]))
      expect(ids(await mail.list({ toContaining: 'n_l' }))).toEqual([underscore.id])
      expect(ids(await mail.list({ toContaining: '%' }))).toEqual([percent.id])
      expect(ids(await mail.list({ toContaining: '+lee.' }))).toEqual([plus.id])
      expect(await mail.list({ toContaining: 'a.*' })).toEqual([])
      expect(ids(await mail.list({ toContaining: 'example', limit: 2 }))).toEqual(ids([plus, percent]))
    })

    it('sends a message with a key once: a second send sends nothing and answers the first entry', async () => {
      const server = await smtp()
      const mail = mailerOn((await outboxes()).outbox, server.url)
      const first = await mail.send({ ...resetFor('ana@example.com'), idempotencyKey: 'reset:event-1' })
      const again = await mail.send({ ...resetFor('ana@example.com'), idempotencyKey: 'reset:event-1' })
      expect(first.status).toBe('sent')
      expect(again).toEqual(first)
      expect(server.received).toHaveLength(1)
      expect(await mail.sentWithKey('reset:event-1')).toEqual(first)
      expect(await mail.sentWithKey('reset:event-2')).toBeNull()
      expect(await mail.list()).toEqual([first])
    })

    it('sends nothing more for a key another instance of the outbox recorded (the next lease holder)', async () => {
      const server = await smtp()
      const { outbox, another } = await outboxes()
      const first = await mailerOn(outbox, server.url).send({
        ...resetFor('ana@example.com'),
        idempotencyKey: 'reset:event-1',
      })
      const successor = mailerOn(await another(), server.url)
      expect(await successor.sentWithKey('reset:event-1')).toEqual(first)
      expect(await successor.send({ ...resetFor('ana@example.com'), idempotencyKey: 'reset:event-1' })).toEqual(first)
      expect(server.received).toHaveLength(1)
      expect(await successor.list()).toEqual([first])
    })

    it('delivers once when one mailer sends a key twice at the same moment', async () => {
      const server = await smtp()
      const mail = mailerOn((await outboxes()).outbox, server.url)
      const message = { ...resetFor('ana@example.com'), idempotencyKey: 'reset:event-1' }
      const [one, two] = await Promise.all([mail.send(message), mail.send(message)])
      expect(two).toEqual(one)
      expect(server.received).toHaveLength(1)
      expect(await mail.list()).toEqual([one])
    })

    it('keeps one entry when two instances send a key at the same moment, and both answer it', async () => {
      // Both may deliver (each looked the key up before the other kept it): with SMTP a send is at
      // least once. The outbox keeps the one entry, so neither instance ever sends the key again.
      const { outbox, another } = await outboxes()
      const message = { ...resetFor('ana@example.com'), idempotencyKey: 'reset:event-1' }
      const [one, two] = await Promise.all([mailerOn(outbox).send(message), mailerOn(await another()).send(message)])
      expect(two.id).toBe(one.id)
      expect(ids(await mailerOn(outbox).list())).toEqual([one.id])
    })

    it('keeps the first of two entries kept with one key at the same moment, answering it to both', async () => {
      const { outbox, another } = await outboxes()
      const second = await another()
      const entry = (id: string): OutboxEntry => ({
        ...resetFor('ana@example.com'),
        idempotencyKey: 'reset:event-1',
        id,
        createdAt: new Date().toISOString(),
        status: 'outbox',
      })
      const [one, two] = await Promise.all([outbox.keep(entry('entry-1')), second.keep(entry('entry-2'))])
      expect(two.id).toBe(one.id)
      expect(['entry-1', 'entry-2']).toContain(one.id)
      expect(ids(await outbox.list({ limit: 10 }))).toEqual([one.id])
    })

    it('lists every send newest first, a page at a time, and the failures alone', async () => {
      const refusing = await smtp({ refuseRecipients: true })
      const { outbox, another } = await outboxes()
      const failed = await mailerOn(outbox, refusing.url).send(resetFor('nobody@example.com'))
      const kept = mailerOn(await another())
      const later = [await kept.send(resetFor('ana@example.com')), await kept.send(resetFor('bo@example.com'))]

      const first = await kept.history({ limit: 2 })
      expect(ids(first.items)).toEqual([later[1]?.id, later[0]?.id])
      expect(first.next).not.toBeNull()
      const second = await kept.history({ limit: 2, before: first.next ?? undefined })
      expect(second).toEqual({ items: [failed], next: null })
      expect((await kept.history({ limit: 10, status: 'failed' })).items).toEqual([failed])
      expect((await kept.history({ limit: 10, category: 'campaign-step' })).items).toEqual([])
    })

    it('pages through a filtered history without skipping or repeating a send', async () => {
      const mail = mailerOn((await outboxes()).outbox)
      const digests: OutboxEntry[] = []
      for (let index = 0; index < 7; index++) {
        digests.push(await mail.send({ ...resetFor(`m${index}@example.com`), category: 'digest' }))
        await mail.send(resetFor(`r${index}@example.com`))
      }
      const seen: string[] = []
      let before: number | undefined
      for (;;) {
        const page = await mail.history({ limit: 3, category: 'digest', ...(before === undefined ? {} : { before }) })
        seen.push(...ids(page.items))
        if (page.next === null) break
        before = page.next
      }
      expect(seen).toEqual(ids(digests).reverse())
    })

    it('answers one send by its id while the outbox keeps it', async () => {
      const mail = mailerOn((await outboxes()).outbox)
      const sent = await mail.send(resetFor('ana@example.com', 'u-1'))
      expect(await mail.byId(sent.id)).toEqual(sent)
      expect(await mail.byId(randomUUID())).toBeNull()
      await mail.eraseUser('u-1')
      expect(await mail.byId(sent.id)).toBeNull()
    })

    it('erases every message about a user, and with their address every message to it', async () => {
      const { outbox, another } = await outboxes()
      const mail = mailerOn(outbox)
      await mail.send({ ...resetFor('old-address@example.com', 'user-ana'), idempotencyKey: 'reset:ana' })
      await mail.send(resetFor('ANA@example.com'))
      const bens = await mail.send(resetFor('ben@example.com', 'user-ben'))

      await mailerOn(await another()).eraseUser('user-ana')
      expect(ids(await mail.list())).toHaveLength(2)
      expect(await mail.sentWithKey('reset:ana')).toBeNull()
      await mail.eraseUser('user-ana', ' Ana@Example.com ')
      expect(await mail.list()).toEqual([bens])
      expect((await mail.history({ limit: 10 })).items).toEqual([bens])
    })
  })
}
