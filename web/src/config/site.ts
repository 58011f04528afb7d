/** The shop's name and tagline, shown in the top bar, footer and page titles. */
export const SITE_NAME = 'TeeCraft';
export const SITE_TAGLINE = 'Custom tees and everyday clothing, made to stand out.';
