import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useDocumentTitle } from '../../lib/documentTitle'

export const accessDeniedMessage = "Access Denied - You don't have permission to access this page."
const redirectDelayMs = 3000

/** Spec §6: anyone but an admin on an admin route sees this, then goes to /sign_in. */
export function AccessDenied() {
  useDocumentTitle('Access denied')
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/sign_in', replace: true }), redirectDelayMs)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div role="alert" className="max-w-md rounded-2xl border border-red-500/30 bg-red-950/40 p-8">
        <h1 className="text-xl font-bold text-red-100">{accessDeniedMessage}</h1>
        <p className="mt-3 text-sm text-red-200/80">Taking you to sign in…</p>
        <Link to="/sign_in" className="mt-6 inline-block rounded-xl bg-white px-5 py-2.5 font-semibold text-zinc-900">
          Go to sign in
        </Link>
      </div>
    </main>
  )
}
