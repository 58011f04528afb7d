/** Money is stored in whole paise and travels as rupees (D4). */
export const paiseToRupees = (paise: number): number => paise / 100;

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
