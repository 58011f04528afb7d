import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DELIVERY_DAYS } from '#contract';
import heroTees from '#web/assets/hero-tees.svg';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import {
  ArrowRightIcon,
  ExchangeIcon,
  type IconProps,
  PrinterIcon,
  ReturnIcon,
  SupportIcon,
  TruckIcon,
} from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { SITE_NAME } from '#web/config/site.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Pick your tee',
    text: 'Start from a soft 100% cotton tee, hoodie or everyday piece in the size and fit you like.',
  },
  {
    title: 'Make it yours',
    text: 'Add your words or artwork to the front or back. We check every design before it is printed, and write to you if something will not print well.',
  },
  {
    title: 'We print it',
    text: 'Each piece is printed to order with water-based inks that stay soft and survive the wash, then checked by hand before it is packed.',
  },
  {
    title: 'It comes to you',
    text: `Delivery is free on every order, with express delivery in about ${DELIVERY_DAYS} days.`,
  },
];

const PROMISES: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: '7 days free returns',
    text: 'Not right? Ask for a return on your order page within 7 days of delivery: our courier collects it free and we refund what you paid for it.',
    Icon: ReturnIcon,
  },
  {
    title: 'Easy exchange',
    text: 'Wrong size? Pick another size in stock on your order page; we set it aside at once and ship it when yours comes back.',
    Icon: ExchangeIcon,
  },
  {
    title: '24/7 support',
    text: 'Write to us any time: a real person answers, day or night.',
    Icon: SupportIcon,
  },
  {
    title: 'Free delivery',
    text: 'Every order ships free, however small.',
    Icon: TruckIcon,
  },
];

/** /about: the shop's story, how printing works and what we promise (D26). */
export function AboutRoute() {
  useDocumentTitle('About us');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-16 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              About {SITE_NAME}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">
              Clothes that say something about you
            </h1>
            <p className="mt-5 max-w-lg text-lg text-ink-600">
              {SITE_NAME} is an online shop for custom t-shirts and everyday clothing. We believe
              the tee you wear most should be one you chose every detail of: the fit, the colour and
              the print.
            </p>
          </div>
          <img
            src={heroTees}
            alt=""
            width={640}
            height={560}
            className="mx-auto w-full max-w-sm lg:max-w-md"
          />
        </div>
      </section>

      <section aria-labelledby="story" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="story" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          Our story
        </h2>
        <div className="mt-5 space-y-4 text-ink-700">
          <p>
            We started {SITE_NAME} because getting one good custom tee was harder than it should be:
            minimum orders of fifty, stiff prints that cracked after a few washes, and no idea what
            would arrive.
          </p>
          <p>
            So we built the shop we wanted: print one piece or a hundred, on soft cotton that stays
            soft. Team shirts, gifts, a band's first merch or simply a favourite line of a poem:
            every order is printed for the person who asked for it.
          </p>
        </div>
      </section>

      <section aria-labelledby="how" className="bg-ink-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="how" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            How printing works
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-ink-900">{step.title}</h3>
                <p className="mt-2 text-sm text-ink-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-6 flex items-center gap-2 text-sm text-ink-600">
            <PrinterIcon className="size-5 text-brand-600" />
            Printed to order: nothing sits in a warehouse waiting to go out of fashion.
          </p>
        </div>
      </section>

      <section aria-labelledby="promises" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="promises" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          Our promises
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROMISES.map(({ title, text, Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="font-semibold text-ink-900">{title}</h3>
                <p className="mt-1 text-sm text-ink-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta" className="px-4 pb-16 sm:px-6 lg:px-8">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-ink-900 px-6 py-12 text-center sm:px-12">
          <h2 id="cta" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Find the tee you will wear to pieces
          </h2>
          <p className="max-w-xl text-ink-300">
            Tees, hoodies and everyday clothing for men, women and kids, in sizes from XS to XXL.
          </p>
          <Link to={paths.products()} className={buttonStyles({ variant: 'brand', size: 'lg' })}>
            Shop the collection
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
