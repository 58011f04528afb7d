/**
 * The seed's reviewers and what they write (D28): a product's seeded rating
 * is the average of ten reviews from shoppers whose orders were delivered,
 * so no product shows a number nobody gave.
 */

/** Their accounts cannot be signed in to: the password is random and never kept. */
export const SEED_REVIEWER_DOMAIN = 'reviewers.seed.example';

export const SEED_REVIEWERS = [
  'Aarav Mehta',
  'Diya Nair',
  'Kabir Singh',
  'Ananya Iyer',
  'Rohan Gupta',
  'Meera Pillai',
  'Vivaan Shah',
  'Ishita Rao',
  'Arjun Menon',
  'Sara Khan',
].map((name) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@${SEED_REVIEWER_DOMAIN}`,
}));

/**
 * The stars each reviewer gives for a rating with one decimal: their average
 * is exactly the rating (4.3 → three 5s and seven 4s).
 */
export function starsFor(rating: number, reviewers = SEED_REVIEWERS.length): number[] {
  const total = Math.round(rating * reviewers);
  const base = Math.floor(total / reviewers);
  const higher = total - base * reviewers;
  return Array.from({ length: reviewers }, (_, index) => (index < higher ? base + 1 : base));
}

const WORDS: Record<number, { title: string; text: string }[]> = {
  5: [
    {
      title: 'Love it',
      text: 'Soft fabric, true to size, and the colour has held up after many washes.',
    },
    {
      title: 'Perfect fit',
      text: 'Fits just right across the shoulders. Ordering another colour.',
    },
  ],
  4: [
    {
      title: 'Very good',
      text: 'Comfortable and well stitched. Runs slightly long, which I like.',
    },
    {
      title: 'Nice quality',
      text: 'Good cotton for the price; a little loose after the first wash.',
    },
  ],
  3: [
    { title: 'Okay', text: 'Decent for everyday wear, but the fabric is thinner than I hoped.' },
    { title: 'Average', text: 'Fit is fine; the print faded a little after a few washes.' },
  ],
  2: [{ title: 'Not great', text: 'Shrank after washing and the seams started to twist.' }],
  1: [
    {
      title: 'Disappointed',
      text: 'The size ran far too small and the colour was duller than shown.',
    },
  ],
};

/** A review's words for its stars, varied by who writes it. */
export function wordsFor(stars: number, reviewer: number): { title: string; text: string } {
  const options = WORDS[stars] ?? WORDS[3] ?? [];
  const words = options[reviewer % options.length];
  if (!words) throw new Error(`No seed review words for ${stars} stars`);
  return words;
}
