import type { FastifyInstance } from 'fastify'
import { agent, type Agent } from './testApp'

/** A new account, registered through the API, with its browser-like client signed in. */
export async function signedInAgent(
  app: FastifyInstance,
  name: string,
): Promise<{ client: Agent; user: { id: string; username: string; email: string } }> {
  const client = agent(app)
  const answer = await client.post('/api/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'correct-horse',
  })
  if (answer.statusCode >= 300) throw new Error(`registering ${name} failed: ${answer.statusCode} ${answer.body}`)
  return { client, user: answer.json() }
}
