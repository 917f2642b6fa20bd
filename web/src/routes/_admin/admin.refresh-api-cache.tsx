import { createFileRoute } from '@tanstack/react-router'
import { RefreshCacheScreen } from '../../components/admin/RefreshCacheScreen'

export const Route = createFileRoute('/_admin/admin/refresh-api-cache')({
  component: RefreshCacheScreen,
})
