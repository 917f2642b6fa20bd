import { escapeHtml } from '@reelmates/contracts/emailTemplates'
import { isolated } from '@reelmates/contracts/text'
import type { SentDigestType } from '@reelmates/contracts/digests'
import { periodMs } from './digestSchedule'
import type { DigestContent, Listed, OnMyActivityLine } from '@reelmates/projections/digests/digestQueries'
import {
  activityDetail,
  addressedDetail,
  theirActivity,
} from '@reelmates/projections/notifications/sources/activityNames'

/** A watchlist title newly on some of the member's services, with its page. */
export interface NowStreaming {
  title: string
  services: string[]
  link: string
}

/** One line of a section: what happened, and the page it links to, if any. */
interface Line {
  text: string
  link?: string
}

/** One section of a digest: a heading and one line per thing that happened. */
interface Section {
  heading: string
  lines: Line[]
}

const plain = (text: string): Line => ({ text })

/**
 * Names and titles are set apart from the line's own words (`isolated`): a name in Arabic or Hebrew
 * otherwise pulls the words around it into its direction, in a mail client as on a page.
 */
const title = (mediaTitle: string | null) => (mediaTitle ? `“${isolated(mediaTitle)}”` : 'your activity')

type FriendActivity = DigestContent['friendsActivity']['shown'][number]

/** What a friend did, told to the reader: their own name in a line is "you". */
const didWhat: Record<FriendActivity['activityType'], (a: FriendActivity, reader: string) => string> = {
  watched: (a) => `${isolated(a.username)} watched ${title(a.mediaTitle)}`,
  watchlist_add: (a) => `${isolated(a.username)} added ${title(a.mediaTitle)} to their watchlist`,
  friendship: (a, reader) =>
    `${isolated(a.username)} became friends with ${whom(a.targetUsername, reader, 'someone new')}`,
  recommendation: (a, reader) =>
    `${isolated(a.username)} recommended ${title(a.mediaTitle)} to ${whom(a.targetUsername, reader, 'a friend')}`,
}

/**
 * The activity a comment or reaction is on, in the bell's words and by its helpers: "your watch of
 * “Jaws”", "your friendship", "the recommendation of “Dune” to you" (a card addressed to the reader).
 * A bare title would read as if the commenter had commented on a watch of their own.
 */
function onTheirs(on: Pick<OnMyActivityLine, 'activityType' | 'mediaTitle' | 'addressed'>): string {
  const detail = activityDetail(
    on.activityType
      ? { type: on.activityType, mediaTitle: on.mediaTitle === null ? null : title(on.mediaTitle) }
      : undefined,
  )
  return theirActivity(on.addressed ? addressedDetail(detail) : detail)
}

const whom = (username: string | null, reader: string, unknown: string) =>
  username === null ? unknown : username === reader ? 'you' : isolated(username)

const answered: Record<DigestContent['recommendationsAnswered']['shown'][number]['status'], string> = {
  accepted: 'accepted',
  watched: 'watched',
}

const saidWhat = (line: OnMyActivityLine) =>
  line.kind === 'comment'
    ? `${isolated(line.username)} commented on ${onTheirs(line)}`
    : `${isolated(line.username)} reacted ${line.emoji} to ${onTheirs(line)}`

/**
 * A section's lines: what it lists (the newest), then, when the period holds more, how many more and
 * the page where they are, so that a busy period makes a mail of bounded size that says what it left out.
 */
function listed<T>(section: Listed<T>, line: (item: T) => string, rest: { where: string; link: string }): Line[] {
  const more = section.total - section.shown.length
  return [
    ...section.shown.map((item) => plain(line(item))),
    ...(more > 0 ? [{ text: `and ${more} more ${rest.where}`, link: rest.link }] : []),
  ]
}

function sectionsOf(
  content: DigestContent & { nowStreaming: readonly NowStreaming[] },
  reader: string,
  publicUrl: string,
): Section[] {
  const feed = { where: 'on your feed', link: `${publicUrl}/feed` }
  const sections: Section[] = [
    {
      heading: 'Your friends were busy',
      lines: listed(content.friendsActivity, (a) => didWhat[a.activityType](a, reader), feed),
    },
    {
      heading: 'Recommended to you',
      lines: listed(
        content.recommendationsWaiting,
        (r) => `${isolated(r.fromUsername)} recommends ${title(r.mediaTitle)}`,
        {
          where: 'in your recommendations',
          link: `${publicUrl}/recommendations`,
        },
      ),
    },
    {
      heading: 'Your recommendations',
      lines: listed(
        content.recommendationsAnswered,
        (r) => `${isolated(r.toUsername)} ${answered[r.status]} ${title(r.mediaTitle)}`,
        { where: 'on your Sent tab', link: `${publicUrl}/recommendations?box=sent` },
      ),
    },
    {
      heading: 'On your activity',
      // My activities and those addressed to me, each with its comments and reactions, are on my feed too.
      lines: listed(content.onMyActivity, saidWhat, feed),
    },
    {
      heading: 'Now streaming on your services',
      lines: content.nowStreaming.map((n) => ({
        text: `${title(n.title)} is now on ${n.services.join(', ')}`,
        link: n.link,
      })),
    },
  ]
  // A section with nothing to tell is left out: never an empty heading.
  return sections.filter((section) => section.lines.length > 0)
}

const textLine = (line: Line) => `- ${line.text}${line.link ? `: ${line.link}` : ''}`
const htmlLine = (line: Line) =>
  line.link
    ? `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>`
    : `<li>${escapeHtml(line.text)}</li>`

const periodLabels: Record<SentDigestType, string> = { daily: 'since yesterday', weekly: 'this past week' }
const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })

/**
 * What the digest says it covers: "since yesterday", "this past week", or, when it picks up further
 * back (a missed morning, a change from weekly to daily), the day it starts: "since Monday 16 November".
 */
export function periodLabel(digestType: SentDigestType, window?: { from: string; until: string }): string {
  if (!window) return periodLabels[digestType]
  const spanMs = Date.parse(window.until) - Date.parse(window.from)
  // A period and a little: a digest sent at 09:00 after one sent at 08:00 the day before is still "since yesterday".
  if (spanMs <= periodMs[digestType] * 1.25) return periodLabels[digestType]
  return `since ${dayName.format(new Date(window.from))}`
}

/**
 * The digest's template variables: the sections as text and as HTML, each value escaped in the HTML;
 * `profileLink` is where the digest setting is changed.
 */
export function digestVariables(
  content: DigestContent & { nowStreaming: readonly NowStreaming[] },
  reader: { username: string; digestType: SentDigestType },
  publicUrl: string,
  window?: { from: string; until: string },
): Record<string, string> {
  const sections = sectionsOf(content, reader.username, publicUrl)
  return {
    username: reader.username,
    periodLabel: periodLabel(reader.digestType, window),
    sections: sections.map((s) => [s.heading, ...s.lines.map(textLine)].join('\n')).join('\n\n'),
    sectionsHtml: sections
      .map(
        (s) =>
          `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.heading)}</h2>\n<ul>${s.lines.map(htmlLine).join('')}</ul>`,
      )
      .join('\n'),
    link: `${publicUrl}/feed`,
    profileLink: `${publicUrl}/profile#email-preferences`,
  }
}
