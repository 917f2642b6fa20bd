import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/magic-link')({
  component: () => <h1 className="text-2xl font-bold text-white">Magic link</h1>,
})
