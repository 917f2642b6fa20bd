import type { row, Baselines } from './measure'
import type { LoadGenerator } from './processes'

/** What an HTTP benchmark gets: the spawned gateway, the load generator and the baselines of this run. */
export interface HttpContext {
  url: string
  generator: LoadGenerator
  baselines: Baselines
}

export type HttpRow = ReturnType<typeof row>

export interface HttpBench {
  title: string
  run: (context: HttpContext) => Promise<HttpRow[]>
}
