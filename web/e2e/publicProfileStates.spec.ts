import { expect, test } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi, signOutByApi, uniqueName } from './support/server'

test.describe('a public profile', () => {
  test('of a name nobody holds says so, with a way on', async ({ page }) => {
    await registerByApi(page.request, 'visitor')
    const nobody = uniqueName('nobody')
    await page.goto(`/profile/${nobody}`)
    await expect(page.getByRole('heading', { level: 1, name: 'No one goes by that name' })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(nobody)
    await expect(page.getByRole('main')).not.toContainText('public activity')
    await expect(page).toHaveTitle('Profile not found · Reelmates')
    // An old link to someone who changed their name is told apart from a typo, with a way to find them.
    await expect(page.getByRole('main')).toContainText('changed it or left Reelmates')
    await expect(page.getByRole('main').getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/friends')
    await page.getByRole('main').getByRole('link', { name: 'Go home' }).click()
    await expect(page).toHaveURL(/\/home$/)
  })

  test('of an email address is not found, without asking the server who holds it', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/users/')) asked.push(request.url())
    })
    await registerByApi(page.request, 'asker')
    await page.goto('/profile/someone@example.com')
    await expect(page.getByRole('heading', { level: 1, name: 'No one goes by that name' })).toBeVisible()
    expect(asked).toEqual([])
  })

  test('of a member, signed out: asks to sign in without saying whether the name exists', async ({ page }) => {
    const member = await registerByApi(page.request, 'member')
    await signOutByApi(page.request)
    await page.goto(`/profile/${member.username}`)
    await expect(page.getByText(`Sign in to see ${member.username}'s profile`)).toBeVisible()
    const memberText = await page.getByRole('main').innerText()
    const nobody = uniqueName('nobody')
    await page.goto(`/profile/${nobody}`)
    await expect(page.getByText(`Sign in to see ${nobody}'s profile`)).toBeVisible()
    const nobodyText = await page.getByRole('main').innerText()
    expect(memberText.replaceAll(member.username, 'NAME')).toBe(nobodyText.replaceAll(nobody, 'NAME'))
    await page.goto(`/profile/${member.username}`)
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/sign_in\?returnTo=/)
  })

  test('says so when loading fails, and can try again', async ({ page }) => {
    const member = await registerByApi(page.request, 'flaky')
    let failNext = true
    await page.route('**/api/users/**', async (route) => {
      if (failNext) {
        failNext = false
        // An answer that is an error (a proxy in front of the server, say). A request with no answer
        // at all waits for the server instead and loads by itself (unreachable.spec.ts).
        return route.fulfill({ status: 503, json: { message: 'Service Unavailable' } })
      }
      return route.continue()
    })
    await page.goto(`/profile/${member.username}`)
    await expect(page.getByRole('heading', { level: 1, name: "Couldn't load this profile" })).toBeVisible()
    await page.getByRole('button', { name: 'Try again' }).click()
    // The profile that loads in the failure's place starts at its heading, not the page's body.
    await expect(page.getByRole('heading', { level: 1, name: member.username })).toBeFocused()
    await expect(page.getByText('Edit your profile')).toBeVisible()
  })
})

test('a member with more public watches than the profile shows: "Show more" goes back to the first', async ({
  page,
}) => {
  const diarist = await registerByApi(page.request, 'diarist')
  const film = await catalogMovie(page.request, 'casablanca')
  // 23 public watches (rewatches count), one a day from 30 September 2025 back, and a private one.
  for (let day = 1; day <= 23; day++)
    await sendJson(page.request, '/api/watched', {
      tmdbId: film.tmdbId,
      mediaType: 'movie',
      watchedOn: `2025-09-${String(31 - day).padStart(2, '0')}`,
      review: `Visit ${day}`,
    })
  await sendJson(page.request, '/api/watched', {
    tmdbId: film.tmdbId,
    mediaType: 'movie',
    review: 'Mine alone',
    isPrivate: true,
  })
  await signOutByApi(page.request)
  await registerByApi(page.request, 'reader')

  await page.goto(`/profile/${diarist.username}`)
  const watches = page.getByRole('region', { name: 'Recently watched' }).getByRole('listitem')
  await expect(watches).toHaveCount(20)
  await expect(page.getByRole('group', { name: 'Counts' })).toContainText('23')
  await page.getByRole('button', { name: 'Show more' }).click()
  await expect(watches).toHaveCount(23)
  await expect(watches.nth(20).getByRole('link', { name: film.title })).toBeFocused()
  await expect(watches.last()).toContainText('Visit 23')
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0)
  await expect(page.getByRole('main')).not.toContainText('Mine alone')
})
