import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** The server playwright.config.ts started: its port and data directory (shared with the CLI). */
export const e2ePort = Number(process.env.REELMATES_E2E_PORT)
export const e2eDataDir = process.env.REELMATES_E2E_DATA_DIR ?? ''
export const repoRoot = join(import.meta.dirname, '..', '..', '..')
export const password = 'correct-horse-42'

export const screenshotsDir = join(repoRoot, 'artifacts', 'screenshots')

let counter = 0
/** A username no other test uses. */
export function uniqueName(prefix: string): string {
  counter += 1
  return `${prefix}_${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`
}

export async function csrfToken(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/csrf-token')
  return ((await answer.json()) as { csrfToken: string }).csrfToken
}

export interface Account {
  username: string
  email: string
  password: string
}

/** Registers an account through the API; the request context (a page's, usually) ends up signed in. */
export async function registerByApi(request: APIRequestContext, prefix = 'user'): Promise<Account> {
  const username = uniqueName(prefix)
  const account = { username, email: `${username}@example.com`, password }
  const answer = await request.post('/api/register', {
    data: account,
    headers: { 'CSRF-Token': await csrfToken(request) },
  })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
  return account
}

export async function signInByApi(
  request: APIRequestContext,
  account: Pick<Account, 'username' | 'password'>,
): Promise<void> {
  const answer = await request.post('/api/login', {
    data: { username: account.username, password: account.password },
    headers: { 'CSRF-Token': await csrfToken(request) },
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

export async function signOutByApi(request: APIRequestContext): Promise<void> {
  await request.post('/api/logout', { headers: { 'CSRF-Token': await csrfToken(request) } })
}

/** Makes an account an admin the way an operator does: the CLI against the server's data directory. */
export async function makeAdmin(username: string): Promise<void> {
  await promisify(execFile)('npm', ['run', '--silent', 'user:role', '--', username, 'Admin'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: e2eDataDir },
  })
}

let workersAdmin: Account | undefined

/**
 * An admin account, signed in on the given request context: one per test worker, made on first use.
 * Making one runs the role CLI in another process, two seconds or more a time on the CI machine; most
 * tests need an admin only to read the outbox or open the admin screens. A test that changes the admin
 * itself (its role, its own mail) makes its own with `freshAdminAccount`.
 */
export async function adminAccount(request: APIRequestContext): Promise<Account> {
  if (!workersAdmin) {
    workersAdmin = await freshAdminAccount(request)
    return workersAdmin
  }
  await signInByApi(request, workersAdmin)
  return workersAdmin
}

/** A new admin account, no other test's, signed in on the given request context. */
export async function freshAdminAccount(request: APIRequestContext): Promise<Account> {
  const admin = await registerByApi(request, 'admin')
  await makeAdmin(admin.username)
  await signOutByApi(request)
  // The role change is an event appended by another process: the server's read side picks it up shortly.
  await expect
    .poll(
      async () => {
        await signInByApi(request, admin)
        return ((await (await request.get('/api/user')).json()) as { role: string }).role
      },
      { timeout: 15_000 },
    )
    .toBe('Admin')
  return admin
}

interface OutboxMail {
  to: string
  subject: string
  text: string
  category: string
}

/** The newest mail to an address, read from the outbox as an admin (spec: admins read it in the app). */
export async function latestMailTo(
  adminRequest: APIRequestContext,
  to: string,
  category?: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined
  await expect
    .poll(
      async () => {
        const answer = await adminRequest.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&limit=20`)
        if (!answer.ok()) return `outbox answered ${answer.status()}`
        const { messages } = (await answer.json()) as { messages: OutboxMail[] }
        found = messages.find((mail) => !category || mail.category === category)
        return found ? 'found' : 'no mail yet'
      },
      { timeout: 15_000 },
    )
    .toBe('found')
  if (!found) throw new Error(`no mail to ${to}`)
  return found
}

export function linkIn(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*`).exec(
    mail.text,
  )
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`)
  return match[0]
}

/** A toast on screen (Radix also copies its text into a live region for screen readers). */
export function toastWith(page: Page, text: string) {
  return page.locator('li').filter({ hasText: text })
}

/** Goes to an address and waits until the app has rendered something in #root. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('#root > *').first().waitFor()
}
