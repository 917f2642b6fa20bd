/**
 * `GET /api/user` (session look-up + read model) against a bare fastify hello-world, both served on
 * 127.0.0.1 in this process and loaded by autocannon in the same run, so the ratio is what matters.
 */
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { pathToFileURL } from 'node:url'
import { createTestApp, agent } from '../services/gateway/src/testing/testApp'

const durationSeconds = 5
const connections = 50

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`)
  }
  return Math.round(result.requests.average)
}

export async function benchGateway(): Promise<Record<string, number | string>> {
  const hello = Fastify()
  hello.get('/hello', async () => ({ hello: 'world' }))
  const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 })

  const test = await createTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000' } })
  const client = agent(test.app)
  const registered = await client.post('/api/register', {
    username: 'benchuser',
    email: 'bench@example.com',
    password: 'secret-pass',
  })
  if (registered.statusCode !== 200 && registered.statusCode !== 201)
    throw new Error(`register failed: ${registered.body}`)
  const appUrl = await test.app.listen({ host: '127.0.0.1', port: 0 })
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

  try {
    const baseline = await requestsPerSecond(`${helloUrl}/hello`)
    const currentUser = await requestsPerSecond(`${appUrl}/api/user`, { cookie })
    return {
      'hello-world baseline (req/s)': baseline,
      'GET /api/user (req/s)': currentUser,
      'GET /api/user / baseline': Number((currentUser / baseline).toFixed(3)),
    }
  } finally {
    await hello.close()
    await test.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchGateway())
}
