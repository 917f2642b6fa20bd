import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/unsubscribed')({
  component: () => <h1 className="text-2xl font-bold text-white">Unsubscribed</h1>,
})
