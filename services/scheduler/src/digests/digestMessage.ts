import { escapeHtml } from '@reelmates/contracts/emailTemplates'
import type { SentDigestType } from '@reelmates/contracts/digests'
import type { DigestContent } from '@reelmates/projections/digests/digestQueries'

/** One section of a digest: a heading and one line per thing that happened. */
interface Section {
  heading: string
  lines: string[]
}

const title = (mediaTitle: string | null) => (mediaTitle ? `“${mediaTitle}”` : 'your activity')

const didWhat: Record<
  DigestContent['friendsActivity'][number]['activityType'],
  (a: DigestContent['friendsActivity'][number]) => string
> = {
  watched: (a) => `${a.username} watched ${title(a.mediaTitle)}`,
  watchlist_add: (a) => `${a.username} added ${title(a.mediaTitle)} to their watchlist`,
  friendship: (a) => `${a.username} became friends with ${a.targetUsername ?? 'someone new'}`,
  recommendation: (a) => `${a.username} recommended ${title(a.mediaTitle)} to ${a.targetUsername ?? 'a friend'}`,
}

const answered: Record<DigestContent['recommendationsAnswered'][number]['status'], string> = {
  pending: 'has not answered',
  accepted: 'accepted',
  dismissed: 'passed on',
  watched: 'watched',
}

function sectionsOf(content: DigestContent): Section[] {
  const sections: Section[] = [
    { heading: 'Your friends were busy', lines: content.friendsActivity.map((a) => didWhat[a.activityType](a)) },
    {
      heading: 'Recommended to you',
      lines: content.recommendationsWaiting.map((r) => `${r.fromUsername} recommends ${title(r.mediaTitle)}`),
    },
    {
      heading: 'Your recommendations',
      lines: content.recommendationsAnswered.map((r) => `${r.toUsername} ${answered[r.status]} ${title(r.mediaTitle)}`),
    },
    {
      heading: 'On your activity',
      lines: [
        ...content.commentsOnMine.map((c) => `${c.username} commented on ${title(c.mediaTitle)}`),
        ...content.reactionsOnMine.map((r) => `${r.username} reacted ${r.emoji} to ${title(r.mediaTitle)}`),
      ],
    },
  ]
  // "Now streaming on your services" needs a catalog whose availability changes; the offline one never does, so it says nothing.
  return sections.filter((section) => section.lines.length > 0)
}

const periodLabels: Record<SentDigestType, string> = { daily: 'since yesterday', weekly: 'this past week' }

/** The digest's template variables: the sections as text and as HTML, each value escaped in the HTML. */
export function digestVariables(
  content: DigestContent,
  reader: { username: string; digestType: SentDigestType },
  publicUrl: string,
): Record<string, string> {
  const sections = sectionsOf(content)
  return {
    username: reader.username,
    periodLabel: periodLabels[reader.digestType],
    sections: sections.map((s) => [s.heading, ...s.lines.map((line) => `- ${line}`)].join('\n')).join('\n\n'),
    sectionsHtml: sections
      .map(
        (s) =>
          `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.heading)}</h2>\n<ul>${s.lines
            .map((line) => `<li>${escapeHtml(line)}</li>`)
            .join('')}</ul>`,
      )
      .join('\n'),
    link: `${publicUrl}/feed`,
  }
}
