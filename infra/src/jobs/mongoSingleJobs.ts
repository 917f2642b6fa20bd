import type { MongoJobRepository } from '@agendajs/mongo-backend'
import type { JobParameters, JobRepositoryOptions } from 'agenda'
import { MongoServerError, type Collection, type Document, type ObjectId } from 'mongodb'

/**
 * Two fixes to agenda's MongoDB backend (4.0.3) for repeating jobs ("single" jobs: one record per
 * name), which every scheduler process declares (`agenda.every`) as it starts:
 *
 * - Its upsert by name has no unique index behind it, and MongoDB may insert twice when two upserts
 *   race, leaving two records of one job that then each run. `oneRecordPerSingleJob` adds a unique
 *   partial index (first removing any duplicates an earlier start left, which would refuse it).
 * - Its save `$set`s every field the processor manages to null, so a process starting cleared the
 *   lock of a run in progress (letting another process start it again) and the failure the admin
 *   reads. `saveSingleJob` writes the declaration's own fields and sets the processor's only when it
 *   inserts, in one atomic upsert.
 */
export async function oneRecordPerSingleJob(jobs: Collection): Promise<void> {
  const duplicated = await jobs
    .aggregate<{ ids: ObjectId[] }>([
      { $match: { type: 'single' } },
      // The record that ran last is kept: its lock and its failures are the live ones.
      { $sort: { lastRunAt: -1, _id: 1 } },
      { $group: { _id: '$name', ids: { $push: '$_id' }, count: { $sum: 1 } } },
      { $match: { count: { $gt: 1 } } },
    ])
    .toArray()
  const extra = duplicated.flatMap(({ ids }) => ids.slice(1))
  if (extra.length > 0) await jobs.deleteMany({ _id: { $in: extra } })
  await jobs.createIndex(
    { name: 1, type: 1 },
    { name: 'one_record_per_single_job', unique: true, partialFilterExpression: { type: 'single' } },
  )
}

/** agenda's Job.PROCESSOR_MANAGED_FIELDS: written by the processor, never by a declaration. */
const processorFields = ['lockedAt', 'lastRunAt', 'lastFinishedAt', 'failedAt', 'failCount', 'failReason', 'progress']
/** The declaration's optional fields the backend stores as null when unset. */
const nullWhenUnset = [
  'repeatTimezone',
  'repeatInterval',
  'repeatAt',
  'disabled',
  'debounceStartedAt',
  'fork',
  'startDate',
  'endDate',
  'skipDays',
]

export async function saveSingleJob<DATA>(
  repository: MongoJobRepository,
  job: JobParameters<DATA>,
  options: JobRepositoryOptions | undefined,
): Promise<JobParameters<DATA>> {
  const jobs = repository.collection as unknown as Collection
  // A declaration has no id, and a repeating job no uniqueness of its own: neither is stored.
  const {
    _id,
    unique: _unique,
    uniqueOpts: _uniqueOpts,
    ...props
  } = job as JobParameters<DATA> & Record<string, unknown>
  const declared: Record<string, unknown> = Object.fromEntries(
    Object.entries(props).filter(([field]) => !processorFields.includes(field)),
  )
  for (const field of nullWhenUnset) declared[field] ??= null
  declared.lastModifiedBy = options?.lastModifiedBy ?? null
  const onInsert: Record<string, unknown> = Object.fromEntries(processorFields.map((field) => [field, null]))
  // As the backend does: a run time already due is the stored one's, not reset by a declaration.
  if (props.nextRunAt && props.nextRunAt <= new Date()) {
    onInsert.nextRunAt = props.nextRunAt
    delete declared.nextRunAt
  }
  const upsert = () =>
    jobs.findOneAndUpdate(
      { name: props.name, type: 'single' },
      { $set: declared, $setOnInsert: onInsert },
      { upsert: true, returnDocument: 'after' },
    )
  let saved: Document | null
  try {
    saved = await upsert()
  } catch (error) {
    // Another process inserted it first (the unique index refused this insert): now it updates.
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error
    saved = await upsert()
  }
  const stored = saved ? await repository.getJobById(String(saved._id)) : null
  if (!stored) throw new Error(`the repeating job ${props.name} was not saved`)
  return stored as JobParameters<DATA>
}

const DUPLICATE_KEY = 11000
