import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_guest/sign_up')({
  component: () => <h1 className="text-2xl font-bold text-white">Create Account</h1>,
})
