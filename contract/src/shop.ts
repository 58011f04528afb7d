/** Who the shop is, for every page and every email (the footer, the contact page, mail). */
export const SHOP_NAME = 'TeeCraft';

/** The shop's postal address, printed at the foot of every email. A placeholder until the owner sets the real one. */
export const SHOP_POSTAL_ADDRESS =
  '2nd Floor, 14 Residency Road, Bengaluru, Karnataka 560025, India';

/** Returns are free for this many days after delivery (D31): the delivered email gives the last day. */
export const RETURN_WINDOW_DAYS = 7;
