import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

const repoRoot = join(import.meta.dirname, '..', '..', '..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  output: () => string
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill: () => Promise<void>
  /** SIGTERM: the graceful shutdown path. */
  stop: () => Promise<void>
}

/**
 * Starts `services/gateway/src/main.ts` as its own process on 127.0.0.1 and waits until it answers.
 * Pass the port of an earlier server to restart "the same" server for clients that keep its URL.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess & { port: number }> {
  port ??= await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    try {
      const answer = await fetch(`${url}/api/health`)
      if (answer.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return { url, port, child, output: () => output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

/** A cookie-keeping client that sends the CSRF token like the web app does. */
export function httpClient(baseUrl: string) {
  const cookies = new Map<string, string>()
  let csrfToken: string | undefined
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && csrfToken === undefined) {
      csrfToken = ((await (await call('GET', '/api/csrf-token')).json()) as { csrfToken: string }).csrfToken
    }
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies.size ? { cookie: cookieHeader() } : {}),
        ...(method !== 'GET' && csrfToken ? { 'csrf-token': csrfToken } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair?.indexOf('=') ?? -1
      if (pair && index > 0) cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
    return answer
  }
  return { call, cookieHeader }
}
