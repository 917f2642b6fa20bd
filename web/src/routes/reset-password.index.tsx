import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/reset-password/')({
  component: () => <h1 className="text-2xl font-bold text-white">Reset password</h1>,
})
