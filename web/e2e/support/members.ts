import { expect, type Browser, type Page } from '@playwright/test'
import { csrfToken, registerByApi, type Account } from './server'
import { newContext } from './contexts'

export interface Member {
  page: Page
  account: Account
  close: () => Promise<void>
}

/** A person in a browser of their own (a context: their own cookies), registered and signed in. */
export async function member(browser: Browser, baseURL: string, prefix: string): Promise<Member> {
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  const account = await registerByApi(page.request, prefix)
  return { page, account, close: () => context.close() }
}

/** A asks B, B accepts: friends, through the API (the friends screens have their own tests). */
export async function befriend(a: Member, b: Member): Promise<void> {
  const asked = await a.page.request.post('/api/friendships', {
    data: { username: b.account.username },
    headers: { 'CSRF-Token': await csrfToken(a.page.request) },
  })
  expect(asked.status(), await asked.text()).toBeLessThan(300)
  const { friendship } = (await asked.json()) as { friendship: { id: string } }
  const accepted = await b.page.request.post(`/api/friendships/${friendship.id}/accept`, {
    headers: { 'CSRF-Token': await csrfToken(b.page.request) },
  })
  expect(accepted.status(), await accepted.text()).toBeLessThan(300)
}
