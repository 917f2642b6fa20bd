/**
 * Lighthouse 12 on the built app (issue 15.3), as a new user meets it: `/sign_in` and signed-in
 * `/home`, with the mobile preset (simulated throttling) and the desktop preset, against the gateway
 * as `npm start` runs it. Needs `npm run build` first; Chromium from CHROME_PATH (/usr/bin/chromium).
 * Figures only: each says whether its goal is met; LIGHTHOUSE_REPORTS=<dir> also keeps the full reports.
 * Each page is measured LIGHTHOUSE_SAMPLES times (3) and the run with the median performance score
 * is reported, with every sample's score beside it. On a loaded machine the performance score drops
 * (simulated throttling scales what it measures), so the output says how busy the machine was.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg, cpus } from 'node:os'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse, { type Flags } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { register } from './http/members'
import { startGateway } from './http/processes'

interface Run {
  page: string
  path: string
  preset: 'mobile' | 'desktop'
  signedIn: boolean
}

const runs: Run[] = [
  { page: '/sign_in', path: '/sign_in', preset: 'mobile', signedIn: false },
  { page: '/home (signed in)', path: '/home', preset: 'mobile', signedIn: true },
  { page: '/sign_in', path: '/sign_in', preset: 'desktop', signedIn: false },
  { page: '/home (signed in)', path: '/home', preset: 'desktop', signedIn: true },
]

const goal = (value: number, target: number) => `${value}${value >= target ? ' (met)' : ` (NOT met, goal ${target})`}`
const below = (value: number, limit: number) => `${value}${value < limit ? ' (met)' : ` (NOT met, goal < ${limit})`}`
const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100)

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** The scored audits of the four categories that did not pass, with what they measured: where to look next. */
function heldDown({ categories, audits }: Result): string[] {
  const ids = new Set(
    Object.values(categories).flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
    ),
  )
  const failing = [...ids].flatMap((id) => {
    const audit = audits[id]
    if (!audit || audit.score === null || audit.score >= 0.9) return []
    return [`${audit.id} ${audit.score.toFixed(2)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`]
  })
  // The unweighted opportunities say what the metrics above are made of.
  const opportunities = Object.values(audits).flatMap((audit) => {
    const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined
    const savings = details?.type === 'opportunity' ? (details.overallSavingsMs ?? 0) : 0
    return savings >= 100 ? [`${audit.id} saves ~${Math.round(savings)} ms`] : []
  })
  return [...failing, ...opportunities]
}

export async function runLighthouse(): Promise<void> {
  const samples = Math.max(1, Number(process.env.LIGHTHOUSE_SAMPLES ?? 3))
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  const [oneMinute] = loadavg()
  console.log(
    `\nLighthouse 12, ${chromePath}, simulated throttling, the median of ${samples} runs per page. Load average ${oneMinute?.toFixed(1)} on ${cpus().length} cores ` +
      'when it started: a busy machine lowers the performance scores.',
  )
  const gateway = await startGateway()
  const url = gateway.url.replace('127.0.0.1', 'localhost')
  const member = await register(gateway.url, `lighthouse_${Date.now().toString(36)}`)
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  const rows: Record<string, string | number>[] = []
  try {
    for (const run of runs) {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(run.signedIn ? { extraHeaders: { Cookie: member.cookieHeader() } } : {}),
      }
      // One Lighthouse run swings by ten points and more on a shared machine: each page is measured
      // `samples` times and the run with the median performance score is the one reported.
      const results: Result[] = []
      for (let sample = 0; sample < samples; sample++) {
        const result = await lighthouse(
          `${url}${run.path}`,
          flags,
          run.preset === 'desktop' ? desktopConfig : undefined,
        )
        if (!result) throw new Error(`Lighthouse gave no result for ${run.path}`)
        results.push(result.lhr)
      }
      const performances = results.map((lhr) => score(lhr.categories.performance?.score))
      const lhr = results.sort(
        (a, b) => score(a.categories.performance?.score) - score(b.categories.performance?.score),
      )[Math.floor(results.length / 2)]!
      const { categories, audits } = lhr
      const performance = score(categories.performance?.score)
      const row = {
        page: run.page,
        preset: run.preset,
        performance: goal(performance, run.preset === 'mobile' ? 90 : 98),
        samples: performances.sort((a, b) => a - b).join(' '),
        accessibility:
          run.preset === 'mobile'
            ? goal(score(categories.accessibility?.score), 100)
            : score(categories.accessibility?.score),
        'best practices':
          run.preset === 'mobile'
            ? goal(score(categories['best-practices']?.score), 100)
            : score(categories['best-practices']?.score),
        seo: run.preset === 'mobile' ? goal(score(categories.seo?.score), 95) : score(categories.seo?.score),
        LCP: audits['largest-contentful-paint']?.displayValue ?? '?',
        CLS: below(Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)), 0.05),
        transfer: `${Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024)} KiB`,
      }
      rows.push(row)
      // Each figure as soon as it is measured: a full run takes minutes on a busy machine.
      console.log(JSON.stringify(row))
      if (process.env.LIGHTHOUSE_REPORTS) {
        // The whole report, for the audits' items (which element, which script) behind the summary.
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
        const name = `${run.preset}${run.path.replaceAll('/', '-')}.json`
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr))
      }
      console.log(`  what held ${run.page} (${run.preset}) down: ${heldDown(lhr).join('; ') || 'nothing'}`)
    }
  } finally {
    chrome.kill()
    await gateway.stop()
  }
  console.table(rows)
}
