/**
 * The baseline: a bare fastify answering GET and POST /hello, in its own OS process (started by
 * processes.ts), listening on 127.0.0.1 and the port in HELLO_PORT.
 */
import Fastify from 'fastify'

const app = Fastify()
app.get('/hello', async () => ({ hello: 'world' }))
app.post('/hello', async () => ({ hello: 'world' }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.HELLO_PORT) })
