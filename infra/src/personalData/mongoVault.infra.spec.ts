/** The vault contract against a real MongoDB (see testing/realMongo.ts for which one). */
import { createHash } from 'node:crypto'
import { describeWithMongo } from '../testing/realMongo'
import { createMongoVault } from './mongoVault'
import { vaultContract } from './vault.contract'

const secret = 'a test secret that is long enough to be accepted!'

await describeWithMongo('MongoDB personal data vault', (mongo) => {
  vaultContract('MongoDB', (place) =>
    // Database names are limited to 63 bytes; a short digest of the place keeps each test's storage apart.
    createMongoVault({
      db: mongo.db(`reelmates_vault_${createHash('sha256').update(place).digest('hex').slice(0, 16)}`),
      secret,
    }),
  )
})
