import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/accept-friend')({
  component: () => <h1 className="text-2xl font-bold text-white">Accept friend</h1>,
})
