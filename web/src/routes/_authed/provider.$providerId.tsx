import { createFileRoute } from '@tanstack/react-router'

// Placeholder: the discovery engineer owns this route file (see web/ROUTES.md).
export const Route = createFileRoute('/_authed/provider/$providerId')({
  component: () => <h1 className="text-2xl font-bold text-white">Provider</h1>,
})
