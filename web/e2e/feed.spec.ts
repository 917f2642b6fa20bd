import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { csrfToken, registerByApi, screenshotsDir, type Account } from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie, sendJson } from './support/api'

/**
 * The feed end to end (issue 11): two friends in two browser contexts. B logs a public watch with a
 * review (and a private one); A sees the public one with the Feed tab's badge, opens it, comments and
 * reacts; B, with the activity open, sees both arrive without reloading. The private watch never shows.
 */
mkdirSync(screenshotsDir, { recursive: true })
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

interface Member {
  page: Page
  account: Account
}

async function member(browser: Browser, baseURL: string, prefix: string): Promise<Member> {
  const context = await newContext(browser, { baseURL, viewport: viewports.desktop })
  const page = await context.newPage()
  return { page, account: await registerByApi(page.request, prefix) }
}

/** Two members in two browser contexts, friends: A asked, B accepted. */
async function friends(browser: Browser, baseURL: string, prefixA: string, prefixB: string): Promise<[Member, Member]> {
  const a = await member(browser, baseURL, prefixA)
  const b = await member(browser, baseURL, prefixB)
  const asked = (await sendJson(a.page.request, '/api/friendships', { username: b.account.username })) as {
    friendship: { id: string }
  }
  await sendJson(b.page.request, `/api/friendships/${asked.friendship.id}/accept`)
  return [a, b]
}

test('friends see each other’s public watches, comment and react, live; a private watch never shows', async ({
  browser,
  baseURL,
}) => {
  // Two browsers and a server on a shared, busy machine: generous, since no step here is timed.
  test.setTimeout(300_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_a', 'feed_b')

  // A has read everything so far: the badge starts from here.
  await a.page.goto('/feed')
  // In the reader's words: A asked, B accepted; A reads "You and B", not "B and A".
  await expect(a.page.getByRole('article').first()).toContainText(`You and ${b.account.username} are now friends`)
  await a.page.goto('/home')
  await expect(a.page.locator('[data-testid=feed-badge]:visible')).toHaveCount(0)

  const [publicTitle, privateTitle] = [
    await catalogMovie(b.page.request, 'godfather'),
    await catalogMovie(b.page.request, 'alien'),
  ]
  await sendJson(b.page.request, '/api/watched', {
    tmdbId: privateTitle.tmdbId,
    mediaType: 'movie',
    rating: 3,
    review: 'PRIVATE-NOTE-NOBODY-SEES',
    isPrivate: true,
  })
  const watched = await sendJson(b.page.request, '/api/watched', {
    tmdbId: publicTitle.tmdbId,
    mediaType: 'movie',
    rating: 10,
    recommend: true,
    review: `The restaurant scene, though. https://reelmates.example/${'restaurantscene'.repeat(12)}`,
    containsSpoilers: true,
  })
  const activityId = `watched:${String(watched.entryId)}`

  // B keeps the activity open, as a friend would after posting.
  await b.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  await expect(b.page.getByRole('article')).toContainText(publicTitle.title)

  await a.page.reload()
  await expect(a.page.locator('[data-testid=feed-badge]:visible')).toHaveText('1')
  await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Feed/ }).click()
  await expect(a.page).toHaveURL(/\/feed$/)
  const card = a.page.getByRole('article').filter({ hasText: publicTitle.title })
  await expect(card).toContainText(`${b.account.username} watched ${publicTitle.title}`)
  await expect(card.getByRole('img', { name: '5 stars' })).toBeVisible()
  // The review is covered until asked for: B marked it as containing spoilers.
  await expect(card).not.toContainText('The restaurant scene')
  await card.getByRole('button', { name: /Show review/ }).click()
  await expect(card).toContainText('The restaurant scene, though.')
  await expect(a.page.getByRole('main')).not.toContainText(privateTitle.title)
  await expect(a.page.getByRole('main')).not.toContainText('PRIVATE-NOTE')
  await expect(a.page.locator('[data-testid=feed-badge]:visible')).toHaveCount(0)

  for (const size of Object.values(viewports)) {
    await a.page.setViewportSize(size)
    // The review's long unbroken link wraps instead of widening a phone's page.
    await expect.poll(() => a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    await a.page.screenshot({ path: `${screenshotsDir}/feed-${size.width}x${size.height}.png`, fullPage: true })
  }
  await a.page.setViewportSize(viewports.desktop)

  await card.getByRole('link', { name: '0 comments' }).click()
  await expect(a.page).toHaveURL(new RegExp(`/activity/${encodeURIComponent(activityId)}$`))
  await a.page.getByRole('textbox', { name: 'Write a comment' }).fill('  Best film ever made.  ')
  await a.page.getByRole('button', { name: 'Comment', exact: true }).click()
  const comments = a.page.getByRole('region', { name: 'Comments' })
  await expect(comments.getByRole('listitem').filter({ hasText: 'Best film ever made.' })).toBeVisible()
  const fire = a.page
    .getByRole('toolbar', { name: `Reactions to ${b.account.username}'s watch of ${publicTitle.title}` })
    .getByRole('button', { name: /^🔥/ })
  await fire.click()
  await expect(fire).toHaveAttribute('aria-pressed', 'true')
  await expect(fire).toContainText('1')
  // Still there once the server's answer and the refetch after it are in.
  await a.page.waitForLoadState('networkidle')
  await expect(comments.getByRole('listitem')).toHaveCount(1)
  await expect(fire).toHaveAttribute('aria-pressed', 'true')

  // B sees both without reloading.
  const bComments = b.page.getByRole('region', { name: 'Comments' })
  await expect(bComments).toContainText('Best film ever made.', { timeout: 15_000 })
  const bFire = b.page
    .getByRole('toolbar', { name: `Reactions to your watch of ${publicTitle.title}` })
    .getByRole('button', { name: /^🔥/ })
  await expect(bFire).toContainText('1')
  await expect(bFire).toHaveAttribute('aria-pressed', 'false')
  await bFire.hover()
  await expect(b.page.getByRole('tooltip')).toContainText(a.account.username)

  for (const size of Object.values(viewports)) {
    await a.page.setViewportSize(size)
    await a.page.screenshot({ path: `${screenshotsDir}/activity-${size.width}x${size.height}.png`, fullPage: true })
  }

  // Never by its address either.
  const privateFeed = await a.page.request.get('/api/feed')
  expect(await privateFeed.text()).not.toContain('PRIVATE-NOTE')
})

async function logWatch(request: APIRequestContext, query: string): Promise<{ activityId: string; title: string }> {
  const title = await catalogMovie(request, query)
  const watched = await sendJson(request, '/api/watched', { tmdbId: title.tmdbId, mediaType: 'movie', rating: 8 })
  return { activityId: `watched:${String(watched.entryId)}`, title: title.title }
}

test('a review its writer marks as containing spoilers stays covered for friends, not for its writer; an unmarked one reads at once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'spoil_a', 'spoil_b')
  const [twist, calm] = [
    await catalogMovie(b.page.request, 'sixth sense'),
    await catalogMovie(b.page.request, 'amelie'),
  ]

  // B logs both from the title pages: the switch shows only once there is a review to mark.
  for (const [title, review, spoilers] of [
    [twist, 'He was dead all along.', true],
    [calm, 'Paris in warm colours, a gentle joy.', false],
  ] as const) {
    await b.page.goto(`/media/movie/${title.tmdbId}`)
    await b.page.getByRole('button', { name: 'Mark watched' }).click()
    const dialog = b.page.getByRole('dialog', { name: title.title })
    await expect(dialog.getByRole('switch', { name: 'Contains spoilers' })).toHaveCount(0)
    await dialog.getByLabel('Review').fill(review)
    const mark = dialog.getByRole('switch', { name: 'Contains spoilers' })
    await expect(mark).toHaveAttribute('aria-checked', 'false')
    if (spoilers) await mark.click()
    await dialog.getByRole('button', { name: 'Log it' }).click()
    await expect(dialog).toBeHidden()
  }
  await expect
    .poll(async () => {
      const log = (await (await b.page.request.get('/api/watched')).json()) as {
        items: { review: string; containsSpoilers: boolean }[]
      }
      return Object.fromEntries(log.items.map((item) => [item.review, item.containsSpoilers]))
    })
    .toEqual({ 'He was dead all along.': true, 'Paris in warm colours, a gentle joy.': false })

  await a.page.goto('/feed')
  const covered = a.page.getByRole('article').filter({ hasText: twist.title })
  const open = a.page.getByRole('article').filter({ hasText: calm.title })
  await expect(open).toContainText('Paris in warm colours, a gentle joy.')
  await expect(open.getByRole('button', { name: /Show review/ })).toHaveCount(0)
  await expect(covered).not.toContainText('He was dead all along.')
  await covered.getByRole('button', { name: 'Show review (may contain spoilers)' }).click()
  await expect(covered).toContainText('He was dead all along.')

  // B wrote it: nothing to spoil for B, who is told others see it covered.
  await b.page.goto('/feed')
  const own = b.page.getByRole('article').filter({ hasText: twist.title })
  await expect(own).toContainText('He was dead all along.')
  await expect(own).toContainText('Marked as spoilers: covered for others')
  await expect(own.getByRole('button', { name: /Show review/ })).toHaveCount(0)

  // B takes the mark off in the edit dialog: the review opens for A too.
  await b.page.goto(`/media/movie/${twist.tmdbId}`)
  await expect(b.page.getByText('Review has spoilers')).toBeVisible()
  await b.page.getByRole('button', { name: `Edit your entry for ${twist.title}` }).click()
  const edit = b.page.getByRole('dialog', { name: twist.title })
  await expect(edit.getByRole('switch', { name: 'Contains spoilers' })).toHaveAttribute('aria-checked', 'true')
  await edit.getByRole('switch', { name: 'Contains spoilers' }).click()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expect(b.page.getByText('Review has spoilers')).toHaveCount(0)
  await expect
    .poll(async () => {
      await a.page.reload()
      return a.page
        .getByRole('article')
        .filter({ hasText: twist.title })
        .getByRole('button', { name: /Show review/ })
        .count()
    })
    .toBe(0)
  await expect(a.page.getByRole('article').filter({ hasText: twist.title })).toContainText('He was dead all along.')
})

// Fixme: fails about one run in two in a full run (twice on 2026-11-28): after a deletion, an Enter
// on the next comment's Delete opens nothing, most likely because the focus is moved again once the
// server's answer comes. The confirmation itself is covered by CommentThread.spec.tsx; see the stop-36
// note on issue 11.
test('deleting a comment asks first; then the keyboard focus goes to the next comment, then to the count of comments', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'feed_del')
  const { activityId } = await logWatch(a.page.request, 'casablanca')
  for (const content of ['First thought.', 'Second thought.'])
    await sendJson(a.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, { content })

  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const comments = a.page.getByRole('region', { name: 'Comments' })
  await expect(comments.getByRole('listitem')).toHaveCount(2)
  const ask = a.page.getByRole('dialog', { name: 'Delete this comment?' })
  /** Delete, from the keyboard: the question opens on Cancel; Tab, then Enter, deletes. */
  const deleteFocused = async () => {
    await a.page.keyboard.press('Enter')
    await expect(ask).toContainText("It can't be undone.")
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await a.page.keyboard.press('Tab')
    await a.page.keyboard.press('Enter')
    await expect(ask).toHaveCount(0)
  }

  // Changing one's mind keeps the comment, and the keyboard where it was.
  const firstDelete = comments
    .getByRole('listitem')
    .filter({ hasText: 'First thought.' })
    .getByRole('button', { name: 'Delete' })
  await firstDelete.focus()
  await a.page.keyboard.press('Enter')
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await a.page.keyboard.press('Escape')
  // No wait before the next Enter: the question is gone at once (useModalDialog), not when the browser's
  // close event comes, which on a busy page was half a second later, and an Enter before it opened nothing.
  await expect(firstDelete).toBeFocused()
  await expect(comments.getByRole('listitem')).toHaveCount(2)

  await deleteFocused()
  await expect(comments.getByRole('listitem')).toHaveCount(1)
  await expect(comments.getByRole('listitem').filter({ hasText: 'Second thought.' })).toBeFocused()

  await comments.getByRole('button', { name: 'Delete' }).focus()
  await deleteFocused()
  await expect(comments.getByRole('listitem')).toHaveCount(0)
  const count = comments.getByRole('heading', { name: '0 comments' })
  await expect(count).toBeFocused()
  // Still there once the server has answered and the activity is fetched again.
  await a.page.waitForLoadState('networkidle')
  await expect(count).toBeFocused()
  await a.page.context().close()
})

test("the activity's owner is asked before deleting a friend's comment, which then goes for both", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_own', 'feed_guest')
  const { activityId } = await logWatch(a.page.request, 'casablanca')
  await sendJson(b.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, {
    content: 'Off topic.',
  })

  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const comments = a.page.getByRole('region', { name: 'Comments' })
  await comments.getByRole('listitem').filter({ hasText: 'Off topic.' }).getByRole('button', { name: 'Delete' }).click()
  const ask = a.page.getByRole('dialog', { name: `Delete ${b.account.username}'s comment?` })
  await expect(ask).toContainText("It can't be undone.")
  await ask.getByRole('button', { name: 'Delete' }).click()
  await expect(comments.getByRole('listitem')).toHaveCount(0)
  await expect
    .poll(async () => {
      const answer = (await (await b.page.request.get(`/api/activities/${encodeURIComponent(activityId)}`)).json()) as {
        comments: unknown[]
      }
      return answer.comments.length
    })
    .toBe(0)
  await a.page.context().close()
  await b.page.context().close()
})

test('a comment being written when its writer is unfriended keeps its words, to copy, once the activity has gone', async ({
  browser,
  baseURL,
}) => {
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_unfr_a', 'feed_unfr_b')
  const { activityId } = await logWatch(a.page.request, 'casablanca')
  await b.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const words = 'Me too, every single time.'
  await b.page.getByRole('textbox', { name: 'Write a comment' }).fill(words)

  const { friends: mine } = (await (await a.page.request.get('/api/friendships')).json()) as {
    friends: { id: string }[]
  }
  const ended = await a.page.request.delete(`/api/friendships/${encodeURIComponent(mine[0]?.id ?? '')}`, {
    headers: { 'CSRF-Token': await csrfToken(a.page.request) },
  })
  expect(ended.status(), await ended.text()).toBeLessThan(300)

  // The open activity asks again every 5 s, and finds it gone: the box went with it, and its words with the box.
  await expect(b.page.getByText("This activity isn't available")).toBeVisible({ timeout: 15_000 })
  const kept = b.page.getByRole('group', { name: "Your comment wasn't posted" })
  await expect(kept.getByRole('textbox', { name: 'Your words' })).toHaveValue(words)
  await a.page.context().close()
  await b.page.context().close()
})

test('a comment left on a friend’s watch can still be deleted from the profile after the two unfriend', async ({
  browser,
  baseURL,
}) => {
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_mine_a', 'feed_mine_b')
  const { activityId, title } = await logWatch(a.page.request, 'casablanca')
  const words = 'Here’s looking at you.'
  await sendJson(b.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, { content: words })

  await b.page.goto('/profile')
  const mine = b.page.getByRole('region', { name: 'My comments' })
  await expect(mine.getByText(words)).toBeVisible()
  // It leads to the comment itself, not the top of the activity.
  await mine.getByRole('link', { name: `${a.account.username}'s watch of ${title}` }).click()
  await expect(b.page).toHaveURL(/#comment-/)
  await expect(b.page.locator(':focus')).toContainText(words)
  await b.page.goto('/profile')

  const { friends: theirs } = (await (await a.page.request.get('/api/friendships')).json()) as {
    friends: { id: string }[]
  }
  await sendJson(a.page.request, `/api/friendships/${encodeURIComponent(theirs[0]?.id ?? '')}`, undefined, 'DELETE')

  await b.page.reload()
  await expect(mine.getByText(`On a watch of ${title} you can no longer see`)).toBeVisible()
  await expect(mine.getByRole('link', { name: /watch of/ })).toHaveCount(0)
  await mine.getByRole('button', { name: /^Delete your comment/ }).click()
  await b.page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(mine.getByText("You haven't commented on anything yet.")).toBeVisible()
  await expect(mine.getByRole('heading', { name: 'My comments' })).toBeFocused()

  // Gone for the activity's owner too.
  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  await expect(a.page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(a.page.getByText(words)).toHaveCount(0)
  await a.page.context().close()
  await b.page.context().close()
})

test('saving a comment edit from the keyboard hands the focus to the comment, with its new words', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'feed_edit')
  const { activityId } = await logWatch(a.page.request, 'casablanca')
  await sendJson(a.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, {
    content: 'Frist thought.',
  })

  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const comment = a.page.getByRole('region', { name: 'Comments' }).getByRole('listitem')
  await comment.getByRole('button', { name: 'Edit' }).focus()
  await a.page.keyboard.press('Enter')
  const words = comment.getByRole('textbox', { name: 'Edit your comment' })
  await expect(words).toBeFocused()
  await words.fill('First thought.')
  await a.page.keyboard.press('Tab')
  await a.page.keyboard.press('Tab')
  await expect(comment.getByRole('button', { name: 'Save' })).toBeFocused()
  await a.page.keyboard.press('Enter')
  await expect(words).toHaveCount(0)
  await expect(comment).toBeFocused()
  await expect(comment).toContainText('First thought.')
  await a.page.waitForLoadState('networkidle')
  await expect(comment).toBeFocused()
  await expect(comment).toContainText('edited')
  await a.page.context().close()
})

test('a poster without an image keeps a one-word title on one line on a phone, and its comments link is finger-sized', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'feed_poster')
  const { title } = await logWatch(a.page.request, 'gladiator')
  expect(title).toBe('Gladiator')
  await a.page.setViewportSize(viewports.phone)
  await a.page.goto('/feed')
  const card = a.page.getByRole('article').filter({ hasText: title })
  // The poster is the card's link hidden from screen readers (the title is said in the card's words).
  const poster = card.locator('a[aria-hidden="true"]')
  const standIn = poster.getByText(title, { exact: true })
  await expect(standIn).toBeVisible()
  const layout = await standIn.evaluate((element) => {
    const words = document.createRange()
    words.selectNodeContents(element)
    const lines = new Set([...words.getClientRects()].map((rect) => Math.round(rect.top)))
    const box = element.closest('a')?.getBoundingClientRect()
    return { lines: lines.size, right: words.getBoundingClientRect().right, posterRight: box?.right ?? 0 }
  })
  expect(layout.lines).toBe(1)
  expect(layout.right).toBeLessThanOrEqual(layout.posterRight)
  // The comments link under it is a finger-sized target, not only its line of text.
  expect((await card.getByRole('link', { name: '0 comments' }).boundingBox())?.height).toBeGreaterThanOrEqual(24)
  await card.screenshot({ path: `${screenshotsDir}/feed-poster-title-390.png` })
  await a.page.context().close()
})

test('the small grey times of the feed, a comment and a title’s friends who watched it are legible', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_ink', 'feed_ink')
  const title = await catalogMovie(b.page.request, 'casablanca')
  const watched = await sendJson(b.page.request, '/api/watched', {
    tmdbId: title.tmdbId,
    mediaType: 'movie',
    rating: 9,
  })
  const activityId = `watched:${String(watched.entryId)}`
  await sendJson(a.page.request, `/api/activities/${encodeURIComponent(activityId)}/comments`, { content: 'Agreed.' })

  // WCAG 1.4.3: 12px text needs 4.5:1 against its dark panel.
  const expectLegible = async (where: string, region: string) => {
    const { violations } = await new AxeBuilder({ page: a.page })
      .include(region)
      .withRules(['color-contrast'])
      .analyze()
    expect.soft(violations.flatMap((v) => v.nodes.map((n) => `${where}: ${n.target.join(' ')}`))).toEqual([])
  }
  await a.page.goto('/feed')
  await expect(a.page.getByRole('article').filter({ hasText: title.title }).locator('time')).toBeVisible()
  await expectLegible('feed', 'main')
  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  await expect(a.page.getByRole('region', { name: 'Comments' }).getByText('Agreed.')).toBeVisible()
  await expectLegible('activity', 'main')
  await a.page.goto(`/media/movie/${title.tmdbId}`)
  await expect(a.page.getByRole('link', { name: b.account.username, exact: true })).toBeVisible()
  await expectLegible('media page', 'section[aria-labelledby="friends-watched-heading"]')
  await a.page.context().close()
  await b.page.context().close()
})

test('an activity’s own page is headed by what the activity is, not "Feed"', async ({ browser, baseURL }) => {
  const a = await member(browser, baseURL ?? '', 'feed_head')
  const { activityId, title } = await logWatch(a.page.request, 'casablanca')
  await a.page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const heading = a.page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(`You watched ${title}`)
  await expect(heading).toHaveCount(1)
  await expect(a.page.getByRole('region', { name: `You watched ${title}` })).toBeVisible()

  // One that is not there for this reader says what the page is, without claiming to be the feed.
  await a.page.goto('/activity/watched:00000000-0000-4000-8000-000000000000')
  await expect(a.page.getByText("This activity isn't available")).toBeVisible()
  await expect(heading).toHaveText('Activity')
  await a.page.context().close()
})

test('an activity links its member to their profile and its title to its page, in the feed and on its own page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feed_link_a', 'feed_link_b')
  const { activityId, title } = await logWatch(b.page.request, 'pulp fiction')
  const { tmdbId } = await catalogMovie(b.page.request, 'pulp fiction')
  const profile = `/profile/${b.account.username}`
  const mediaPage = `/media/movie/${tmdbId}`

  for (const screen of ['/feed', `/activity/${encodeURIComponent(activityId)}`]) {
    await a.page.goto(screen)
    const card = a.page.getByRole('article').filter({ hasText: `${b.account.username} watched ${title}` })
    const member = card.getByRole('link', { name: b.account.username, exact: true })
    // One link to the title for the keyboard and screen readers: the poster beside it is the pointer's.
    const titleLink = card.getByRole('link', { name: title, exact: true })
    await expect(member).toHaveAttribute('href', profile)
    await expect(titleLink).toHaveAttribute('href', mediaPage)
    await expect(card.locator(`a[href="${mediaPage}"]:not([aria-hidden="true"]):not([tabindex="-1"])`)).toHaveCount(1)
    await member.click()
    await expect(a.page).toHaveURL(new RegExp(`${profile}$`))
    await a.page.goBack()
    await titleLink.click()
    await expect(a.page).toHaveURL(new RegExp(`${mediaPage}$`))
  }

  // Friendship news names a member too.
  await a.page.goto('/feed')
  const friendship = a.page.getByRole('article').filter({ hasText: 'are now friends' })
  await expect(friendship.getByRole('link', { name: b.account.username, exact: true })).toHaveAttribute('href', profile)
  await a.page.context().close()
  await b.page.context().close()
})

test('a watch logged days after it was seen says the day it was watched, and when it was logged', async ({
  browser,
  baseURL,
}) => {
  const [a, b] = await friends(browser, baseURL ?? '', 'back_a', 'back_b')
  const today = await logWatch(b.page.request, 'casablanca')
  const old = await catalogMovie(b.page.request, 'amelie')
  await sendJson(b.page.request, '/api/watched', {
    tmdbId: old.tmdbId,
    mediaType: 'movie',
    rating: 6,
    watchedAt: '2025-11-03T12:00:00.000Z',
  })
  await a.page.goto('/feed')
  const backdated = a.page.getByRole('article').filter({ hasText: old.title })
  await expect(backdated).toContainText(/Watched (3 Nov 2025|Nov 3, 2025) · logged (just now|1 minute ago)/)
  // The day itself (an API client sent no day of its own: the instant's day here).
  await expect(backdated.locator('time').first()).toHaveAttribute('datetime', '2025-11-03')
  const seenToday = a.page.getByRole('article').filter({ hasText: today.title })
  await expect(seenToday).toContainText(/just now|1 minute ago/)
  await expect(seenToday).not.toContainText('logged')
  for (const member of [a, b]) await member.page.context().close()
})

test('an activity’s reactions are one Tab stop: the arrows move between them, and focus shows who reacted', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'feed_keys')
  const { title } = await logWatch(a.page.request, 'casablanca')
  await a.page.goto('/feed')
  const card = a.page.getByRole('article').filter({ hasText: `You watched ${title}` })
  const reactions = card.getByRole('toolbar', { name: `Reactions to your watch of ${title}` }).getByRole('button')
  await expect(reactions).toHaveCount(7)
  await reactions.first().focus()
  await a.page.keyboard.press('Tab')
  await expect(card.getByRole('link', { name: '0 comments' })).toBeFocused()
  await a.page.keyboard.press('Shift+Tab')
  await expect(reactions.first()).toBeFocused()
  await a.page.keyboard.press('ArrowRight')
  await expect(reactions.nth(1)).toBeFocused()
  await a.page.keyboard.press('Space')
  await expect(reactions.nth(1)).toHaveAttribute('aria-pressed', 'true')
  // Back into the card from after it, the keyboard returns to the reaction it left, and shows who
  // reacted as a pointer's hover does; Escape hides the names.
  await a.page.keyboard.press('Tab')
  await a.page.keyboard.press('Shift+Tab')
  await expect(reactions.nth(1)).toBeFocused()
  const who = card.getByRole('tooltip')
  // The reader is "you" among who reacted.
  await expect(who).toHaveText('❤️ you')
  await a.page.keyboard.press('Escape')
  await expect(who).toHaveCount(0)
  await a.page.context().close()
})

test('taking back my last reaction to a comment from its chip hands the focus to React and says so', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'feed_chip')
  const { title } = await logWatch(a.page.request, 'casablanca')
  await a.page.goto('/feed')
  const card = a.page.getByRole('article').filter({ hasText: `You watched ${title}` })
  await card.getByRole('link', { name: `0 comments on your watch of ${title}` }).click()
  await a.page.getByRole('textbox', { name: 'Write a comment' }).fill('Here’s looking at you')
  await a.page.getByRole('button', { name: 'Comment', exact: true }).click()
  // A reaction to the activity says what it did, as the comment's palette does.
  const heart = a.page.getByRole('button', { name: `❤️ 0 on your watch of ${title}` })
  await heart.focus()
  await a.page.keyboard.press('Space')
  await expect(a.page.getByRole('status').filter({ hasText: 'watch of' })).toHaveText(
    `You reacted ❤️ to your watch of ${title}`,
  )

  const react = a.page.getByRole('button', { name: 'React to your comment' })
  await react.focus()
  await a.page.keyboard.press('Enter')
  const palette = a.page.getByRole('toolbar', { name: 'Pick a reaction to your comment' })
  await expect(palette.getByRole('button').first()).toBeFocused()
  await a.page.keyboard.press('End')
  await expect(palette.getByRole('button').last()).toBeFocused()
  await a.page.keyboard.press('Enter')
  await expect(react).toBeFocused()
  // The chip the pick adds comes a moment after the palette closes: a person sees it before going back to it.
  const chip = a.page.getByRole('button', { name: '🍿 1 on your comment: you' })
  await expect(chip).toBeVisible()
  await a.page.keyboard.press('Shift+Tab')
  await expect(chip).toBeFocused()
  await a.page.keyboard.press('Space')
  // The chip goes with its count of 0; the focus does not fall to the page's body.
  await expect(chip).toHaveCount(0)
  await expect(react).toBeFocused()
  await expect(a.page.getByRole('status').filter({ hasText: 'your comment' })).toHaveText(
    'You took back your 🍿 on your comment',
  )
  await a.page.context().close()
})

test('on a phone, who reacted to the last reaction stays on screen and the page no wider than the phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feedtip_reader_a', 'feedtip_friend_b')
  const c = await member(browser, baseURL ?? '', 'feedtip_friend_c')
  const asked = (await sendJson(a.page.request, '/api/friendships', { username: c.account.username })) as {
    friendship: { id: string }
  }
  await sendJson(c.page.request, `/api/friendships/${asked.friendship.id}/accept`)
  const { activityId, title } = await logWatch(a.page.request, 'casablanca')
  // 🍿, the last of the palette, sits near the right edge of a phone: names long enough to reach past it.
  const popcorn = `/api/activities/${encodeURIComponent(activityId)}/reactions/${encodeURIComponent('🍿')}`
  for (const request of [a.page.request, b.page.request, c.page.request])
    await sendJson(request, popcorn, undefined, 'PUT')
  await a.page.setViewportSize(viewports.phone)
  await a.page.goto('/feed')
  const card = a.page.getByRole('article').filter({ hasText: `You watched ${title}` })
  await card.getByRole('button', { name: /^🍿 3/ }).hover()
  const who = card.getByRole('tooltip')
  await expect(who).toContainText(c.account.username)
  const box = await who.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.phone.width)
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewports.phone.width)
  await a.page.screenshot({ path: `${screenshotsDir}/feed-who-reacted-390.png` })
  for (const member of [a, b, c]) await member.page.context().close()
})

test('on a phone, each reaction is a 44 px target, and the seven still make one row on the card', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL, viewport: viewports.phone, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  await registerByApi(page.request, 'feed_chips')
  const { title } = await logWatch(page.request, 'casablanca')
  await page.goto('/feed')
  const card = page.getByRole('article').filter({ hasText: `You watched ${title}` })
  const chips = card.getByRole('toolbar', { name: /^Reactions to/ }).getByRole('button')
  await expect(chips).toHaveCount(7)
  const boxes = await chips.evaluateAll((buttons) =>
    buttons.map((button) => {
      const { top, right, width, height } = button.getBoundingClientRect()
      return { top, right, width, height }
    }),
  )
  for (const box of boxes) {
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(44)
  }
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1)
  const cardBox = await card.boundingBox()
  expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewports.phone.width)
  await card.screenshot({ path: `${screenshotsDir}/feed-reactions-touch-390.png` })
  await context.close()
})

test('with more than two pages of the feed loaded, new activity waits behind a button at the top that brings it in', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'feednew_a', 'feednew_b')
  // 45 watches and the friendship: three pages of 20, past the two the timeline refreshes itself.
  const [rewatched, latest] = [
    await catalogMovie(b.page.request, 'godfather'),
    await catalogMovie(b.page.request, 'alien'),
  ]
  for (let watch = 0; watch < 45; watch++)
    await sendJson(b.page.request, '/api/watched', { tmdbId: rewatched.tmdbId, mediaType: 'movie', rating: 8 })

  await a.page.goto('/feed')
  const articles = a.page.getByRole('article')
  await expect(articles.first()).toBeVisible()
  for (let step = 0; step < 20 && !(await a.page.getByText("You're all caught up.").isVisible()); step++) {
    await a.page.keyboard.press('End')
    await a.page.waitForTimeout(300)
  }
  await expect(articles).toHaveCount(46)
  // What the reader has under their eyes, far down the list; it must stay put when the button comes.
  const reading = articles.nth(40)
  await reading.scrollIntoViewIfNeeded()
  const before = await reading.boundingBox()

  await sendJson(b.page.request, '/api/watched', { tmdbId: latest.tmdbId, mediaType: 'movie', rating: 9 })
  const show = a.page.getByRole('status').getByRole('button', { name: 'Show 1 new activity' })
  await expect(show).toBeVisible({ timeout: 20_000 })
  await expect(show).toBeInViewport()
  expect(await reading.boundingBox()).toEqual(before)
  // Not yet in the list: it waits for the reader.
  await expect(articles).toHaveCount(46)
  for (const size of Object.values(viewports)) {
    await a.page.setViewportSize(size)
    await a.page.screenshot({ path: `${screenshotsDir}/feed-new-activity-${size.width}x${size.height}.png` })
  }

  await show.focus()
  await a.page.keyboard.press('Enter')
  await expect(articles.first()).toContainText(`${b.account.username} watched ${latest.title}`)
  await expect(articles.first()).toBeInViewport()
  await expect(show).toHaveCount(0)
  await expect(a.page.getByRole('list', { name: 'Activity' })).toBeFocused()
  // Read, as opening the feed reads it: no badge on the Feed tab.
  await expect(a.page.locator('[data-testid=feed-badge]:visible')).toHaveCount(0)
  await expect
    .poll(async () => ((await (await a.page.request.get('/api/feed/unread')).json()) as { count: number }).count)
    .toBe(0)
  await a.page.context().close()
  await b.page.context().close()
})

test('on a phone, a Feed badge of 99+ stays on one line above the tab’s label', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const [a, b] = await friends(browser, baseURL ?? '', 'busy_a', 'busy_b')
  await a.page.setViewportSize(viewports.phone)
  // Read up to here; then away from the feed, which marks read what arrives while it is open.
  await a.page.goto('/feed')
  await expect(a.page.getByRole('article').first()).toBeVisible()
  await a.page.goto('/watchlist')
  const title = await catalogMovie(b.page.request, 'casablanca')
  // A hundred rewatches: each public watch is an activity of its own.
  for (let watch = 0; watch < 100; watch++)
    await sendJson(b.page.request, '/api/watched', { tmdbId: title.tmdbId, mediaType: 'movie', rating: 8 })
  const unread = async () => ((await (await a.page.request.get('/api/feed/unread')).json()) as { count: number }).count
  await expect.poll(unread, { timeout: 30_000 }).toBe(100)
  await a.page.goto('/home')
  const tab = a.page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: /^Feed/ })
  const badge = tab.getByTestId('feed-badge')
  await expect(badge).toHaveText('99+')
  await expect(badge).toHaveAttribute('aria-label', '100 new')
  const badgeBox = await badge.boundingBox()
  const labelTop = await tab.evaluate((link) => {
    const label = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent === 'Feed')
    const range = document.createRange()
    if (label) range.selectNode(label)
    return label ? range.getBoundingClientRect().top : -1
  })
  expect(labelTop).toBeGreaterThan(0)
  // One line, above the label rather than over it.
  expect(badgeBox?.height).toBeLessThanOrEqual(20)
  expect((badgeBox?.y ?? 0) + (badgeBox?.height ?? 0)).toBeLessThanOrEqual(labelTop)
})

test('an activity’s placeholder is the shape of the activity that replaces it, on a phone', async ({ page }) => {
  await page.setViewportSize(viewports.phone)
  await registerByApi(page.request, 'placeholder')
  const { activityId } = await logWatch(page.request, 'casablanca')
  // The activity comes late, as on a slow phone's network.
  await page.route(
    (url) => url.pathname.startsWith('/api/activities/'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await route.continue()
    },
  )
  await page.goto(`/activity/${encodeURIComponent(activityId)}`)
  const placeholder = page.locator('section[aria-labelledby="screen-title"] > div[aria-hidden="true"]')
  await expect(placeholder).toBeVisible()
  const held = await placeholder.boundingBox()
  const activity = page.getByRole('article')
  await expect(activity).toBeVisible({ timeout: 10_000 })
  const shown = await activity.boundingBox()
  if (!held || !shown) throw new Error('the placeholder and the activity should both have been on the screen')
  expect(Math.abs(held.width - shown.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(held.height - shown.height)).toBeLessThanOrEqual(24)
})
