import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_guest/register')({
  component: () => <h1 className="text-2xl font-bold text-white">Create Account</h1>,
})
