import { row, sample, timing, type Baselines } from './measure'
import { startGateway, startHelloWorld, startLoadGenerator } from './processes'
import type { HttpBench } from './suite'

/**
 * Runs the chosen HTTP benchmarks in one run, three processes besides this one: the gateway as
 * `npm start` runs it, the hello-world baseline, and the load generator. The baselines are measured
 * first, the same way as every figure, and every ratio is to them.
 */
export async function runHttpBenches(benches: HttpBench[]): Promise<void> {
  const { warmUpSeconds, samples, sampleSeconds, connections } = timing
  console.log(
    `\nHTTP figures: autocannon in its own process, ${connections} connections, a ${warmUpSeconds} s warm-up ` +
      `then ${samples} samples of ${sampleSeconds} s; the median req/s with the spread of the samples (min–max).`,
  )
  const [gateway, hello, framed] = await Promise.all([
    startGateway(),
    startHelloWorld(),
    startHelloWorld({ framed: true }),
  ])
  const generator = startLoadGenerator()
  try {
    const helloGet = await sample(generator, { url: `${hello.url}/hello` })
    const helloPost = await sample(generator, {
      url: `${hello.url}/hello`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    const framedGet = await sample(generator, { url: `${framed.url}/hello` })
    const baselines: Baselines = { GET: helloGet, POST: helloPost }
    console.log('\n## Hello-world baseline (bare fastify, its own process)')
    console.table([
      row('GET /hello', helloGet, helloGet),
      row('POST /hello', helloPost, helloPost),
      // Not a goal: the ceiling of any gateway route with logging on (one log line and the security headers).
      row('GET /hello framed as the gateway answers (log line, security headers)', framedGet, helloGet),
    ])
    for (const bench of benches) {
      console.log(`\n## ${bench.title}`)
      console.table(await bench.run({ url: gateway.url, generator, baselines }))
    }
  } finally {
    await Promise.all([generator.stop(), hello.stop(), framed.stop(), gateway.stop()])
  }
}
