import type { CampaignReport, CampaignReportStep } from '@reelmates/contracts/campaignReports'
import { useQuery } from '@tanstack/react-query'
import { counted } from './campaignWording'
import { campaignReportQuery } from './queries'
import { appLocale } from '../../lib/appLocale'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

const when = (iso: string) => new Date(iso).toLocaleString(appLocale)

/**
 * Who waits for a step and when it goes. The campaign job looks every 5 minutes, so a step due before
 * the report was made goes at its next run; a paused campaign sends nothing until it is activated.
 */
export function nextSend(step: CampaignReportStep, report: Pick<CampaignReport, 'isActive' | 'asOf'>): string | null {
  if (step.waiting === 0 || step.nextDueAt === null) return null
  const waiting = `${counted(step.waiting, 'member')} waiting`
  if (!report.isActive)
    return `${waiting}, the first due ${when(step.nextDueAt)}; paused, so nothing goes until it is activated`
  if (step.nextDueAt <= report.asOf) return `${waiting}, due now (the campaign job sends within 5 minutes)`
  return `${waiting}, the next due ${when(step.nextDueAt)}`
}

/** How one campaign is doing: its members' way through it and each step's mails, as the server records them. */
export function CampaignReportPanel({ campaignId, id }: { campaignId: string; id: string }) {
  const report = useQuery(campaignReportQuery(campaignId))
  const failure = useShownFailure(report)
  return (
    <section id={id} aria-label="Report" className="space-y-3 rounded-xl border border-white/10 p-3">
      {failure ? (
        <AdminLoadFailed error={failure} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <LoadingLine what="the report" />
      ) : null}
      {report.data ? <ReportBody report={report.data} /> : null}
    </section>
  )
}

function ReportBody({ report }: { report: CampaignReport }) {
  const { members } = report
  if (members.entered === 0) return <p className="text-zinc-400">No one has entered this campaign yet.</p>
  const figures: [string, number][] = [
    ['Entered', members.entered],
    ['In progress', members.inProgress],
    ['Completed', members.completed],
    ['Unsubscribed, waiting where they are', members.unsubscribed],
    ['Suspended, waiting until restored', members.suspended],
    ['Left before completing (account deleted)', members.deletedBeforeCompleting],
  ]
  return (
    <>
      <dl aria-label="Members" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="text-right font-semibold text-white tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {report.isActive ? null : <p className="text-zinc-300">Paused: no step goes out until it is activated.</p>}
      <ol aria-label="Steps" className="space-y-2">
        {report.steps.map((step) => (
          <StepReport key={step.stepOrder} step={step} report={report} />
        ))}
      </ol>
      <p className="text-xs text-zinc-400">
        Sent counts mails handed to the mail server, or kept in the outbox where none is set up. Opens and clicks are
        not tracked.
      </p>
    </>
  )
}

function StepReport({ step, report }: { step: CampaignReportStep; report: CampaignReport }) {
  const next = nextSend(step, report)
  const notMailed = Math.max(0, step.reached - step.sent - step.failed)
  return (
    <li aria-label={`Step ${step.stepOrder}`} className="space-y-1 rounded-lg bg-black/20 p-2">
      <p className="text-white">
        {step.stepOrder}. <code className="text-gold">{step.templateName}</code>
        {step.delayDays === null ? <span className="text-zinc-400"> (no longer in the campaign)</span> : null}
      </p>
      <p className="text-zinc-300">
        {counted(step.reached, 'member')} reached · {step.sent} sent · {step.failed} failed
        {step.lastSentAt ? <span className="text-zinc-400"> · last sent {when(step.lastSentAt)}</span> : null}
      </p>
      {notMailed > 0 ? (
        <p className="text-zinc-400">
          {notMailed} not mailed: unsubscribed, suspended or left before it went out, or on its way
        </p>
      ) : null}
      {step.lastFailure ? (
        <p className="text-red-300">
          Last failure {when(step.lastFailure.at)}: {step.lastFailure.error ?? 'its reason is no longer kept'}
        </p>
      ) : null}
      {next ? <p className="text-zinc-300">{next}</p> : null}
      {step.unsubscribed > 0 ? (
        <p className="text-zinc-400">{counted(step.unsubscribed, 'member')} unsubscribed before it, waiting</p>
      ) : null}
      {step.suspended > 0 ? (
        <p className="text-zinc-400">{counted(step.suspended, 'member')} suspended before it, waiting until restored</p>
      ) : null}
    </li>
  )
}
