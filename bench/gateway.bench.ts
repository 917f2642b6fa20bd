/**
 * The gateway's fixed cost per request: `GET /api/health` without and with a session cookie, and
 * `GET /api/user` (session look-up + read model), each against the hello-world GET of the same run.
 */
import { row, sample } from './http/measure'
import { register } from './http/members'
import type { HttpBench } from './http/suite'

export const gatewayBench: HttpBench = {
  title: 'Gateway over HTTP',
  run: async ({ url, generator, baselines }) => {
    const member = await register(url, 'bench_user')
    const cookie = member.cookieHeader()
    return [
      row('GET /api/health, no cookie', await sample(generator, { url: `${url}/api/health` }, baselines.GET), 0.7),
      row(
        'GET /api/health, session cookie',
        await sample(generator, { url: `${url}/api/health`, headers: { cookie } }, baselines.GET),
        0.7,
      ),
      row(
        'GET /api/user',
        await sample(generator, { url: `${url}/api/user`, headers: { cookie } }, baselines.GET),
        0.5,
      ),
    ]
  },
}

export const autocompleteHttpBench: HttpBench = {
  title: 'Autocomplete over HTTP',
  run: async ({ url, generator, baselines }) => [
    row(
      'GET /api/tmdb/autocomplete?query=godf',
      await sample(generator, { url: `${url}/api/tmdb/autocomplete?query=godf` }, baselines.GET),
      0.5,
    ),
  ],
}
