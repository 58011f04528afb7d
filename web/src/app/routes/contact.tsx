import type { ComponentType, ReactNode } from 'react';
import { ClockIcon, type IconProps, MailIcon, PhoneIcon } from '#web/components/ui/icons.tsx';
import { SUPPORT_CONTACT } from '#web/config/site.ts';
import { ContactForm } from '#web/features/messages/components/contact-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /contact: the contact form and how else to reach us (SPEC §2 Contact, D22). */
export function ContactRoute() {
  useDocumentTitle('Contact us');

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          We are here to help
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
          Contact us
        </h1>
        <p className="mt-4 text-lg text-ink-600">
          A question about sizes, a custom print or an order? Send us a message and we will reply by
          email, usually within a few hours.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.6fr]">
        <section
          aria-labelledby="contact-details"
          className="h-fit rounded-3xl bg-ink-900 p-6 text-ink-200 sm:p-8"
        >
          <h2 id="contact-details" className="text-lg font-semibold text-white">
            Other ways to reach us
          </h2>
          <ul className="mt-6 space-y-6">
            <Detail Icon={MailIcon} label="Email">
              <a
                href={`mailto:${SUPPORT_CONTACT.email}`}
                className="rounded-sm font-medium text-white underline-offset-2 hover:underline"
              >
                {SUPPORT_CONTACT.email}
              </a>
            </Detail>
            <Detail Icon={PhoneIcon} label="Phone">
              <a
                href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}
                className="rounded-sm font-medium text-white underline-offset-2 hover:underline"
              >
                {SUPPORT_CONTACT.phone}
              </a>
            </Detail>
            <Detail Icon={ClockIcon} label="Hours">
              <dl className="space-y-1">
                {SUPPORT_CONTACT.hours.map((line) => (
                  <div key={line.label}>
                    <dt className="inline font-medium text-white">{line.label}: </dt>
                    <dd className="inline">{line.value}</dd>
                  </div>
                ))}
              </dl>
            </Detail>
          </ul>
          <p className="mt-8 border-t border-ink-700 pt-6 text-sm">
            Returns are free within 7 days of delivery, and exchanging a size is easy: tell us your
            order number and we will sort it out.
          </p>
        </section>

        <section
          aria-labelledby="contact-form"
          className="rounded-3xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form" className="text-lg font-semibold text-ink-900">
            Send us a message
          </h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
      </div>
    </div>
  );
}

function Detail({
  Icon,
  label,
  children,
}: {
  Icon: ComponentType<IconProps>;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-800 text-brand-300">
        <Icon className="size-5" />
      </span>
      <div className="text-sm">
        <h3 className="font-semibold text-ink-400">{label}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  );
}
