import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProfileStats } from '../components/account/ProfileStats'
import { NewsListScreen } from '../components/blog/NewsListScreen'
import { NewsPostScreen } from '../components/blog/NewsPostScreen'
import { ActivityScreen } from '../components/feed/ActivityScreen'
import { FeedScreen } from '../components/feed/FeedScreen'
import { WatchedScreen } from '../components/library/WatchedScreen'
import { WatchlistScreen } from '../components/library/WatchlistScreen'
import { MediaDetailsScreen } from '../components/media/MediaDetailsScreen'
import { RecommendationsScreen } from '../components/recommendations/RecommendationsScreen'
import { FriendsScreen } from '../components/social/FriendsScreen'
import { PublicProfileScreen } from '../components/social/PublicProfileScreen'
import { watchedSearch, watchlistSearch } from '../features/library/librarySearch'
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
import { member } from '../features/account/testing'
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

const admin = member({ id: 'u-ada', role: 'Admin' })

/** Each screen, and what it says of the refusal (the catalog's calls say which call failed, spec §8). */
const screens: [string, () => ReactElement, string][] = [
  ['the scheduler', () => <SchedulerScreen />, refusal],
  ['the outbox', () => <OutboxScreen />, refusal],
  ['user management', () => <UserManagementScreen />, refusal],
  ['the blog posts', () => <BlogPostsScreen />, refusal],
  [
    'the event history',
    () => <EventHistory filter={{}} onFilter={() => undefined} onRespell={() => undefined} onOpen={() => undefined} />,
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
  [
    'the watchlist',
    () => <WatchlistScreen search={watchlistSearch.parse({})} onSearch={() => undefined} />,
    "We couldn't load this list.",
  ],
  [
    'the watched list',
    () => <WatchedScreen search={watchedSearch.parse({})} onSearch={() => undefined} />,
    "We couldn't load this list.",
  ],
  ['the feed', () => <FeedScreen />, "We couldn't load this list."],
  ['an activity', () => <ActivityScreen activityId="a1" />, "We couldn't load this activity."],
  ['friends', () => <FriendsScreen myId={admin.id} />, "We couldn't load this list."],
  ['recommendations', () => <RecommendationsScreen box="received" />, "We couldn't load this list."],
  ['the news', () => <NewsListScreen page={1} />, 'The news could not be loaded.'],
  ['a news post', () => <NewsPostScreen slug="release-round-up" />, refusal],
  ['a title', () => <MediaDetailsScreen mediaType="movie" id={603} />, 'This title could not be loaded.'],
  ['a profile', () => <PublicProfileScreen username="maya" />, "Something went wrong while loading maya's profile."],
]

/** The screen drawn as the app draws it, its (first) Try again, and the alert that says what failed. */
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
  const [retry] = await screen.findAllByRole('button', { name: /^Try again/ }, { timeout: 3000 })
  if (!retry) throw new Error('Nothing offers Try again')
  // Where a whole screen failed, its alert is the sentence above its Try again.
  const alert = retry.closest<HTMLElement>('[role=alert]') ?? screen.getByRole('alert')
  retry.focus()
  return { alert, retry }
}

/** What is read with Try again: whether its last asking failed too. */
const statusOf = (retry: HTMLElement) => document.getElementById(retry.getAttribute('aria-describedby') ?? '')

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

describe.each(screens)('%s, on Try again', (_name, draw) => {
  it('says it is trying, unavailable meanwhile, with the focus kept on it', async () => {
    const { retry } = await failedScreen(draw)
    await pressTryAgain(retry)
    expect(retry.textContent).toBe('Trying again…')
    expect(retry.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(retry)
  })

  it('says that it failed again when it did, the focus still on Try again', async () => {
    const { retry } = await failedScreen(draw)
    const answer = await pressTryAgain(retry)
    await answer(
      new Response(JSON.stringify({ message: refusal }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    await waitFor(() => expect(statusOf(retry)?.textContent).toBe(failedAgainText))
    expect(retry.isConnected).toBe(true)
    expect(document.activeElement).toBe(retry)
    expect(retry.getAttribute('aria-disabled')).toBe('false')
    expect(retry.textContent).toBe('Try again')
  })
})
