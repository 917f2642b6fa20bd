/**
 * Tests only: a real SMTP server on 127.0.0.1 that keeps what it receives, or refuses every recipient.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string | undefined
  to: string[]
  raw: string
}

export interface TestSmtpServer {
  url: string
  received: ReceivedMail[]
  close(): Promise<void>
}

export async function startSmtpServer({ refuseRecipients = false } = {}): Promise<TestSmtpServer> {
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
