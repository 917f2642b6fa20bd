import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useDocumentTitle } from '../../lib/documentTitle'

export const accessDeniedMessage = "Access Denied - You don't have permission to access this page."
const redirectDelayMs = 3000

/**
 * Where each visitor is taken. Spec §6 sends everyone but an admin to /sign_in; a member signed in is
 * sent on from there to /home at once, so they are told home and taken there.
 */
const wayOn = {
  visitor: { to: '/sign_in', going: 'Taking you to sign in…', label: 'Go to sign in' },
  member: { to: '/home', going: 'Taking you home…', label: 'Go home' },
} as const

/** Spec §6: anyone but an admin on an admin route sees this, then goes to /sign_in (or home, if signed in). */
export function AccessDenied({ signedIn }: { signedIn: boolean }) {
  useDocumentTitle('Access denied')
  const navigate = useNavigate()
  const { to, going, label } = wayOn[signedIn ? 'member' : 'visitor']
  // A visitor comes back here once signed in, as from any member page; a member has no way in.
  const here = useLocation({ select: (location) => location.href })
  const returnTo = signedIn ? undefined : here
  useEffect(() => {
    const search = returnTo === undefined ? {} : { returnTo }
    const timer = setTimeout(() => void navigate({ to, search, replace: true }), redirectDelayMs)
    return () => clearTimeout(timer)
  }, [navigate, to, returnTo])
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div role="alert" className="max-w-md rounded-2xl border border-red-500/30 bg-red-950/40 p-8">
        <h1 className="text-xl font-bold text-red-100">{accessDeniedMessage}</h1>
        <p className="mt-3 text-sm text-red-200/80">{going}</p>
        <Link
          to={to}
          search={returnTo === undefined ? {} : { returnTo }}
          className="mt-6 inline-block rounded-xl bg-white px-5 py-2.5 font-semibold text-zinc-900"
        >
          {label}
        </Link>
      </div>
    </main>
  )
}
