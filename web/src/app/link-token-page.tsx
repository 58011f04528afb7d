import type { ComponentProps, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

type LinkTokenPageProps = Omit<ComponentProps<typeof AuthCard>, 'children'> & {
  /** What the page does with the link's token: empty when the link came without one. */
  children: (token: string) => ReactNode;
};

/**
 * A page an emailed link opens (`?token=…`: a password reset, an email
 * change confirmed or stopped): the tab and the card share the title, and
 * the token is read here, once, for the form or button that sends it.
 */
export function LinkTokenPage({ children, ...card }: LinkTokenPageProps) {
  useDocumentTitle(card.title);
  const [searchParams] = useSearchParams();
  return <AuthCard {...card}>{children(searchParams.get('token') ?? '')}</AuthCard>;
}
