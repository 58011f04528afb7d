const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** The Indian system's groups, largest first: a crore's count may itself run into lakhs. */
const GROUPS = [
  { name: 'Crore', size: 10_000_000 },
  { name: 'Lakh', size: 100_000 },
  { name: 'Thousand', size: 1_000 },
  { name: 'Hundred', size: 100 },
] as const;

function belowHundred(value: number): string {
  if (value < 20) return ONES[value] ?? '';
  const ones = value % 10;
  const tens = TENS[Math.floor(value / 10)] ?? '';
  return ones === 0 ? tens : `${tens}-${ONES[ones]}`;
}

/** A whole number above zero in words: 1,00,000 → 'One Lakh'. */
function wholeInWords(value: number): string {
  const words: string[] = [];
  let rest = value;
  for (const group of GROUPS) {
    const count = Math.floor(rest / group.size);
    if (count > 0) words.push(`${wholeInWords(count)} ${group.name}`);
    rest %= group.size;
  }
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/**
 * An amount as an invoice writes it, in the Indian system (lakh, crore):
 * 124950 paise → 'Rupees One Thousand Two Hundred Forty-Nine and Fifty Paise Only'.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new Error(`${paise} is not a whole number of paise`);
  }
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const paiseWords = `${belowHundred(cents)} ${cents === 1 ? 'Paisa' : 'Paise'}`;
  if (rupees === 0 && cents > 0) return `${paiseWords} Only`;
  const rupeeWords = `Rupees ${rupees === 0 ? 'Zero' : wholeInWords(rupees)}`;
  return cents === 0 ? `${rupeeWords} Only` : `${rupeeWords} and ${paiseWords} Only`;
}
