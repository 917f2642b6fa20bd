import { row, sample, timing, type Baselines } from './measure'
import { startGateway, startHelloWorld, startLoadGenerator } from './processes'
import type { HttpBench } from './suite'

/**
 * Runs the chosen HTTP benchmarks in one run, three processes besides this one: the gateway as
 * `npm start` runs it, the hello-world baseline (and the framed one), and the load generator. Every
 * sample of a figure follows a sample of the hello-world of the same method, and its ratio is to that
 * one (`sample` in measure.ts).
 */
export async function runHttpBenches(benches: HttpBench[]): Promise<void> {
  const { warmUpSeconds, samples, sampleSeconds, connections } = timing
  console.log(
    `\nHTTP figures: autocannon in its own process, ${connections} connections, a ${warmUpSeconds} s warm-up ` +
      `then ${samples} samples of ${sampleSeconds} s, each just after a ${sampleSeconds} s sample of the hello-world; ` +
      'the median req/s with the spread of the samples (min–max), and the median of the paired ratios.',
  )
  const [gateway, hello, framed] = await Promise.all([
    startGateway(),
    startHelloWorld(),
    startHelloWorld({ framed: true }),
  ])
  const generator = startLoadGenerator()
  try {
    const baselines: Baselines = {
      GET: { url: `${hello.url}/hello` },
      POST: { url: `${hello.url}/hello`, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
    }
    console.log('\n## Hello-world baseline (bare fastify, its own process)')
    console.table([
      row('GET /hello', await sample(generator, baselines.GET)),
      row('POST /hello', await sample(generator, baselines.POST)),
      // Not a goal: the ceiling of any gateway route with logging on (one log line and the security headers).
      row(
        'GET /hello framed as the gateway answers (log line, security headers)',
        await sample(generator, { url: `${framed.url}/hello` }, baselines.GET),
      ),
    ])
    for (const bench of benches) {
      console.log(`\n## ${bench.title}`)
      console.table(await bench.run({ url: gateway.url, generator, baselines }))
    }
  } finally {
    await Promise.all([generator.stop(), hello.stop(), framed.stop(), gateway.stop()])
  }
}
