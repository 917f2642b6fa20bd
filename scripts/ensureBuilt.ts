/** What `npm start` needs built, in one process: the web app, then the server's bundle. */
import { ensureServerBuild } from './ensureServerBuild'
import { ensureWebBuild } from './ensureWebBuild'

ensureWebBuild()
await ensureServerBuild()
