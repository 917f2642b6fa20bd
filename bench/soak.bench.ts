import { runSoak } from '../services/gateway/test/soak/soak'

/**
 * Issue 16.9 in full: 200 connections of mixed reads and writes for 60 s against the gateway as
 * `npm start` runs it, autocannon in its own process. `npm test` runs the same soak for 10 s.
 */
export async function benchSoak(): Promise<Record<string, number | string>> {
  const report = await runSoak({ connections: 200, durationSeconds: 60 })
  const flat = report.rssGrowth < 1.5
  const clean = report.figures.errors === 0 && report.figures.non2xx === 0 && report.lostWrites.length === 0
  return {
    requests: report.figures.requests,
    'req/s': Math.round(report.figures.requestsPerSecond),
    'p99 ms': report.figures.p99Ms,
    'errors (goal 0)': report.figures.errors,
    'non-2xx (goal 0)': report.figures.non2xx,
    'acknowledged writes': report.acknowledgedWrites,
    'acknowledged writes not read back (goal 0)': report.lostWrites.length,
    'RSS first/last sample, MB': `${Math.round(report.rssMb[0] ?? 0)} / ${Math.round(report.rssMb.at(-1) ?? 0)}`,
    'RSS growth, last vs second quarter (goal < 1.5)': report.rssGrowth.toFixed(2),
    'goals met': clean && flat ? 'yes' : 'NO',
  }
}
