import type { Browser, Page } from '@playwright/test'
import { registerByApi, type Account } from './server'

export interface Member {
  page: Page
  account: Account
  close: () => Promise<void>
}

/** A person in a browser of their own (a context: their own cookies), registered and signed in. */
export async function member(browser: Browser, baseURL: string, prefix: string): Promise<Member> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const account = await registerByApi(page.request, prefix)
  return { page, account, close: () => context.close() }
}
