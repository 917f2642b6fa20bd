import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProfileStats } from '../components/account/ProfileStats'
import { BlogPostsScreen } from '../components/admin/BlogPostsScreen'
import { OutboxScreen } from '../components/admin/OutboxScreen'
import { SchedulerScreen } from '../components/admin/SchedulerScreen'
import { UserManagementScreen } from '../components/admin/UserManagementScreen'
import { UserNotificationsScreen } from '../components/notifications/UserNotificationsScreen'
import { SearchScreen } from '../components/media/SearchScreen'
import { TrendingListScreen } from '../components/media/TrendingListScreen'
import { setCurrentUser } from '../features/account/currentUser'
import { AnalyticsCharts } from '../features/admin/AnalyticsCharts'
import { EventHistory } from '../features/admin/EventHistory'
import { ProjectionsTable } from '../features/admin/ProjectionsTable'
import { CampaignReportPanel } from '../features/campaigns/CampaignReportPanel'
import { CampaignsEditor } from '../features/campaigns/CampaignsEditor'
import { SendHistory } from '../features/campaigns/SendHistory'
import { EmailTemplatesEditor } from '../features/emailTemplates/EmailTemplatesEditor'
import { failedAgainText } from '../components/shell/TryAgain'
import { createQueryClient } from './queryClient'
import { routerInMemory, withinRouter } from './routerInSpecs'

// The admin frame links to every area; each screen's own part is what is tested.
vi.mock('../components/shell/AdminScreen', () => ({
  AdminScreen: ({ children }: { children: ReactNode }) => <>{children}</>,
}))

const refusal = 'The read models are being rebuilt'

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  // Every request is refused by the server until Try again; the asking again is then under way.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: refusal }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const admin: PublicUser = {
  id: 'u-ada',
  username: 'ada',
  email: 'ada@example.com',
  location: null,
  bio: null,
  avatarUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  digestType: 'weekly',
  onboardingCompleted: true,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  role: 'Admin',
  lastActivityVisit: null,
  lastNewsVisit: null,
}

/** Each screen, and what it says of the refusal (the catalog's calls say which call failed, spec §8). */
const screens: [string, () => ReactElement, string][] = [
  ['the scheduler', () => <SchedulerScreen />, refusal],
  ['the outbox', () => <OutboxScreen />, refusal],
  ['user management', () => <UserManagementScreen />, refusal],
  ['the blog posts', () => <BlogPostsScreen />, refusal],
  [
    'the event history',
    () => <EventHistory filter={{}} onFilter={() => undefined} onOpen={() => undefined} />,
    refusal,
  ],
  ['the projections', () => <ProjectionsTable />, refusal],
  ['the analytics', () => <AnalyticsCharts days={7} onDays={() => undefined} />, refusal],
  ['a campaign report', () => <CampaignReportPanel campaignId="c1" id="report" />, refusal],
  ['the send history', () => <SendHistory />, refusal],
  ['the campaigns', () => <CampaignsEditor />, refusal],
  ['the email templates', () => <EmailTemplatesEditor />, refusal],
  ['the announcements sent', () => <UserNotificationsScreen />, refusal],
  ['a trending list', () => <TrendingListScreen list="trendingMovies" />, 'Failed to get trending movies'],
  [
    'a search',
    () => <SearchScreen query="heat" page={1} onSearch={() => undefined} onPageChange={() => undefined} />,
    'Failed to search media',
  ],
  ['my numbers', () => <ProfileStats />, "We couldn't load your numbers."],
]

/** The screen drawn as the app draws it, and its alert that offers Try again. */
async function failedScreen(draw: () => ReactElement) {
  const queryClient = createQueryClient()
  setCurrentUser(queryClient, admin)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <main>
          <h1>The screen</h1>
          {draw()}
        </main>
      </QueryClientProvider>,
    ),
  )
  const alert = (await screen.findAllByRole('alert', {}, { timeout: 3000 })).find((one) =>
    within(one).queryByRole('button', { name: /^Try again/ }),
  )
  if (!alert) throw new Error('No alert offers Try again')
  const retry = within(alert).getByRole('button', { name: /^Try again/ })
  retry.focus()
  return { alert, retry }
}

/** Try again pressed, its request on its way until the answer given. */
async function pressTryAgain(retry: HTMLElement) {
  let answer: (response: Response) => void = () => undefined
  vi.mocked(fetch).mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)))
  fireEvent.click(retry)
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  await waitFor(() => expect(fetch).toHaveBeenCalled())
  return (response: Response) => act(async () => answer(response))
}

describe.each(screens)('%s, when the server refuses it', (_name, draw, words) => {
  it('says what the server said, and keeps it and the focus on Try again while it is asked again', async () => {
    const { alert, retry } = await failedScreen(draw)
    expect(alert.textContent).toContain(words)
    await pressTryAgain(retry)
    expect(alert.isConnected).toBe(true)
    expect(document.activeElement).toBe(retry)
  })
})

/** The screens whose failure is `AdminLoadFailed`, whose Try again says how its asking goes. */
const adminScreens = screens.slice(0, 12)

describe.each(adminScreens)('%s, on Try again', (_name, draw) => {
  it('says it is trying, unavailable meanwhile, with the focus kept on it', async () => {
    const { retry } = await failedScreen(draw)
    await pressTryAgain(retry)
    expect(retry.textContent).toBe('Trying again…')
    expect(retry.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(retry)
  })

  it('says that it failed again when it did, the focus still on Try again', async () => {
    const { alert, retry } = await failedScreen(draw)
    const answer = await pressTryAgain(retry)
    await answer(
      new Response(JSON.stringify({ message: refusal }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    await waitFor(() => expect(within(alert).getByRole('status').textContent).toBe(failedAgainText))
    expect(document.activeElement).toBe(within(alert).getByRole('button', { name: /^Try again/ }))
    expect(retry.getAttribute('aria-disabled')).toBe('false')
  })
})
