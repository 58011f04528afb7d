import { SHOP_NAME } from '#contract';

/** The shop's name and tagline, shown in the top bar, footer and page titles (the emails use the same name). */
export const SITE_NAME = SHOP_NAME;
export const SITE_TAGLINE = 'Custom tees and everyday clothing, made to stand out.';
/** What search engines and link previews say of the shop (index.html and the home page's head). */
export const SITE_DESCRIPTION =
  'Shop custom t-shirts, hoodies and everyday clothing in soft 100% cotton. New arrivals every week, free shipping, 7-day free returns and prices in ₹.';

/** How shoppers reach the shop (the contact page). Placeholders until the owner sets the real ones. */
export const SUPPORT_CONTACT = {
  email: 'support@teecraft.in',
  phone: '+91 80 4718 2600',
  /** The benefits strip promises 24/7 support: email is answered round the clock. */
  hours: [
    { label: 'Email', value: 'Answered around the clock, 7 days a week' },
    { label: 'Phone', value: 'Monday to Saturday, 9:00 to 21:00 IST' },
  ],
} as const;
