import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FacebookIcon,
  type IconProps,
  InstagramIcon,
  LogoMark,
  XIcon,
  YouTubeIcon,
} from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { SITE_NAME, SITE_TAGLINE } from '#web/config/site.ts';

const SOCIAL_LINKS: { name: string; href: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'X', href: 'https://x.com/', Icon: XIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
];

const linkClass = 'rounded-sm text-sm text-ink-300 hover:text-white';

interface SiteFooterProps {
  /** The newsletter form (D22), passed in by the app. */
  newsletter: ReactNode;
}

/** SPEC §2 Layout footer: company and help links, a newsletter form, social icons. */
export function SiteFooter({ newsletter }: SiteFooterProps) {
  return (
    <footer className="bg-ink-900 text-ink-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Link
            to={paths.home()}
            className="inline-flex items-center gap-2 rounded-md text-lg font-extrabold text-white"
          >
            <LogoMark className="size-8 text-brand-500" />
            {SITE_NAME}
          </Link>
          <p className="mt-3 max-w-xs text-sm">{SITE_TAGLINE}</p>
          <ul className="mt-5 flex gap-2">
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-ink-800 text-ink-200 transition-colors hover:bg-brand-600 hover:text-white"
                >
                  <Icon title={`${SITE_NAME} on ${name}`} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Company">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to={paths.about()} className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <Link to={paths.products()} className={linkClass}>
                Shop all
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Help">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Help</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to={paths.contact()} className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to={paths.orders()} className={linkClass}>
                Orders
              </Link>
            </li>
            <li className="text-sm">Returns: free within 7 days of delivery</li>
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter" className="col-span-2 lg:col-span-1">
          <h2
            id="footer-newsletter"
            className="text-sm font-semibold tracking-wide text-white uppercase"
          >
            Newsletter
          </h2>
          <p className="mt-4 mb-4 text-sm">New drops and offers, straight to your inbox.</p>
          {newsletter}
        </section>
      </div>
      <div className="border-t border-ink-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {SITE_NAME}. All prices in ₹ (INR).
        </p>
      </div>
    </footer>
  );
}
