import { expect, test, type Browser, type Page } from '@playwright/test'
import { csrfToken, password, registerByApi } from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie, sendJson } from './support/api'

/**
 * What people type, from the whole world, where it shows: a name in Arabic keeps its place in our
 * sentences, and a comment of one long word (a pasted address) wraps instead of widening the page.
 */

const phone = { width: 390, height: 844 }
const arabicLetters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'

/** A name of Arabic letters only (its last strong letter right-to-left, as "سارة_7" is), unique per run. */
function arabicName(): string {
  let suffix = ''
  for (let index = 0; index < 8; index++)
    suffix += arabicLetters.charAt(Math.floor(Math.random() * arabicLetters.length))
  return `سارة_${suffix}`
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  username?: string,
): Promise<{ page: Page; username: string }> {
  const context = await newContext(browser, { baseURL, viewport: phone })
  const page = await context.newPage()
  if (!username) return { page, username: (await registerByApi(page.request, 'world')).username }
  const answer = await page.request.post('/api/register', {
    data: {
      username,
      email: `world_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`,
      password,
    },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
  return { page, username }
}

test('a name in Arabic keeps its place before the time of its comment: "سارة · 10 minutes ago", not "10 · سارة minutes ago"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const owner = await signedIn(browser, baseURL ?? '')
  const sara = await signedIn(browser, baseURL ?? '', arabicName())
  const asked = (await sendJson(owner.page.request, '/api/friendships', { username: sara.username })) as {
    friendship: { id: string }
  }
  await sendJson(sara.page.request, `/api/friendships/${asked.friendship.id}/accept`)
  const title = await catalogMovie(owner.page.request, 'casablanca')
  const watched = await sendJson(owner.page.request, '/api/watched', { tmdbId: title.tmdbId, mediaType: 'movie' })
  const activityId = `watched:${String(watched.entryId)}`
  await sendJson(sara.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, {
    content: 'جميل',
  })

  // Ten minutes on, so the time has a number in it.
  await owner.page.clock.setFixedTime(Date.now() + 10 * 60_000)
  await owner.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const comment = owner.page.getByRole('region', { name: 'Comments' }).getByRole('listitem').first()
  const time = comment.locator('time')
  await expect(time).toHaveText('10 minutes ago')
  const name = comment.getByText(sara.username, { exact: true })
  const [nameBox, timeBox] = [await name.boundingBox(), await time.boundingBox()]
  if (!nameBox || !timeBox) throw new Error('the comment header should show a name and a time')
  // The time starts after the name ends: its number was drawn to the left of the name before.
  expect(timeBox.x).toBeGreaterThanOrEqual(nameBox.x + nameBox.width)
  await owner.page.context().close()
  await sara.page.context().close()
})

test('a comment of one long word wraps on the profile’s My comments instead of widening the page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const member = await signedIn(browser, baseURL ?? '')
  const title = await catalogMovie(member.page.request, 'casablanca')
  const watched = await sendJson(member.page.request, '/api/watched', { tmdbId: title.tmdbId, mediaType: 'movie' })
  const word = `https://reelmates.example/${'averyveryverylongpath'.repeat(20)}`
  await sendJson(
    member.page.request,
    `/api/activities/${encodeURIComponent(`watched:${String(watched.entryId)}`)}/comments`,
    {
      content: word,
    },
  )

  await member.page.goto('/profile')
  const comment = member.page.getByRole('region', { name: 'My comments' }).getByText(word)
  await expect(comment).toBeVisible()
  expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
  const box = await comment.boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phone.width)
  await member.page.context().close()
})
