import type { ReactNode } from 'react'
import { Brand } from '../shell/Brand'
import { Footer } from '../shell/Footer'
import { FeatureCarousel } from './FeatureCarousel'

/** Sign-in and sign-up: the form first on phones, the carousel beside it on wide screens. */
export function AuthLayout({ children, carousel = true }: { children: ReactNode; carousel?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,rgba(255,90,95,0.18),transparent_60%)]">
      <header className="mx-auto flex w-full max-w-6xl items-center px-5 pt-[max(1.25rem,env(safe-area-inset-top))]">
        <Brand to="/sign_in" />
      </header>
      <div
        className={`mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-5 py-8 lg:gap-16 ${carousel ? 'lg:grid-cols-[minmax(0,440px)_1fr]' : 'max-w-md'}`}
      >
        <main id="main" className="w-full">
          {children}
        </main>
        {carousel ? (
          <aside aria-label="Features" className="min-w-0">
            <FeatureCarousel />
          </aside>
        ) : null}
      </div>
      <Footer />
    </div>
  )
}
