import { createFileRoute } from '@tanstack/react-router'

// Placeholder: the discovery engineer owns this route file (see web/ROUTES.md).
export const Route = createFileRoute('/_authed/home')({
  component: () => <h1 className="text-2xl font-bold text-white">Home</h1>,
})
