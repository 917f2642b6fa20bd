/** The job backend contract against agenda's MongoDB backend and a real MongoDB (see testing/realMongo.ts). */
import { randomUUID } from 'node:crypto'
import { describeWithMongo } from '../testing/realMongo'
import { jobBackendContract } from './jobBackend.contract'
import { mongoJobBackend } from './jobBackends'

const DATABASE = `reelmates_jobs_${randomUUID().slice(0, 8)}`

await describeWithMongo('MongoDB job backend', (mongo) => {
  jobBackendContract('MongoDB', (store) => Promise.resolve(mongoJobBackend(mongo.db(DATABASE), `jobs_${store}`)))
})
