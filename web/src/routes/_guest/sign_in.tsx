import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_guest/sign_in')({
  component: () => <h1 className="text-2xl font-bold text-white">Sign in</h1>,
})
