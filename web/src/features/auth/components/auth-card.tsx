import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '#web/components/ui/icons.tsx';

interface AuthCardProps {
  title: string;
  intro: string;
  /** A note above the form (why the shopper is asked to sign in, say). */
  notice?: ReactNode;
  /** The line under the card that leads to the other form: 'New to our shop? Sign Up'. */
  switchTo: { question: string; label: string; to: string };
  children: ReactNode;
}

/** The frame of the sign-in and sign-up pages. */
export function AuthCard({ title, intro, notice, switchTo, children }: AuthCardProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md">
        <div className="rounded-3xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
          <LogoMark className="size-10 text-brand-600" />
          <h1
            id="auth-title"
            className="mt-5 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl"
          >
            {title}
          </h1>
          <p className="mt-2 text-sm text-ink-600">{intro}</p>
          {notice ? (
            <p className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {notice}
            </p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-ink-700">
          {switchTo.question}{' '}
          <Link
            to={switchTo.to}
            className="rounded-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {switchTo.label}
          </Link>
        </p>
      </section>
    </div>
  );
}
