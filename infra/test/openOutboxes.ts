/**
 * Child process of `mailer.spec.ts`: waits for a shared start time, then opens `count` outboxes of
 * `directory` that other processes open at the same moment. Prints how many opens failed.
 */
import { join } from 'node:path'
import { createMailer } from '../src/mail/mailer'

const [directory = '', startAt = '0', count = '0'] = process.argv.slice(2)
while (Date.now() < Number(startAt)) {
  // Spinning, not sleeping: every process starts its first open within the same millisecond or so.
}
const failures: string[] = []
for (let i = 0; i < Number(count); i++) {
  try {
    await createMailer({
      from: 'Reelmates <no-reply@reelmates.test>',
      outboxPath: join(directory, `${i}.sqlite`),
    }).close()
  } catch (error) {
    failures.push(String(error))
  }
}
console.log(JSON.stringify({ failures }))
