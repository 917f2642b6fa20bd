import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/forgot-password')({
  component: () => <h1 className="text-2xl font-bold text-white">Forgot password</h1>,
})
