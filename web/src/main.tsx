import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { currentUserKey } from './features/account/currentUser'
import { followMemberAcrossTabs } from './features/account/memberAcrossTabs'
import { recheckSessionAfter } from './features/account/sessionRecheck'
import { onRefusal } from './lib/api'
import { decideChunkReloads } from './lib/chunkLoad'
import { followConnection } from './lib/connection'
import { keepAnswers } from './features/offline/offlineSession'
import { registerWaitingChanges } from './features/offline/waitingChangeDefaults'
import { createQueryClient } from './lib/queryClient'
import { Splash } from './components/shell/Splash'
import { createAppRouter, preloadOpeningPage } from './router'
import './styles.css'

// Before any screen's code is fetched: a failed fetch must not reload into the browser's error page.
decideChunkReloads()
followConnection()
const queryClient = createQueryClient()
onRefusal((error) => recheckSessionAfter(queryClient, error))
followMemberAcrossTabs(queryClient)
registerWaitingChanges(queryClient)
keepAnswers(queryClient, () => queryClient.getQueryData(currentUserKey))
const router = createAppRouter(queryClient)
preloadOpeningPage(router, window.location.pathname)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Beside the router, not in its pages: a page behind a guard is drawn only once the guard knows
          who is signed in, and the splash is what the installed app shows until then (spec §4). */}
      <Splash />
    </QueryClientProvider>
  </StrictMode>,
)
