/**
 * Product pictures for the seed catalogue (D23): flat illustrations drawn as
 * SVG, so the shop needs no image host and works offline. Every kind of
 * garment is one row of a table: a symmetric body outline, a right sleeve
 * (mirrored for the left) and parts (trims, seams, pockets) tagged with the
 * views they show in. One renderer draws every row in every view.
 */

export const GARMENT_KINDS = [
  'tee',
  'long-sleeve',
  'tank',
  'polo',
  'hoodie',
  'sweatshirt',
  'shirt',
  'joggers',
  'jacket',
] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export const GARMENT_VIEWS = ['front', 'back', 'detail', 'folded'] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export const GARMENT_VIEW_SIZE = { width: 600, height: 720 } as const;

export interface GarmentSvgOptions {
  kind: GarmentKind;
  /** Main and accent colours as #rrggbb. */
  colour: string;
  accent: string;
  view: GarmentView;
  /** Words of the chest print, on garments that carry one. */
  printText?: string;
}

type Role =
  | 'main'
  | 'sleeve'
  | 'shade'
  | 'deep'
  | 'rib'
  | 'light'
  | 'accent'
  | 'seam'
  | 'stitch'
  | 'metal'
  | 'button';

interface Part {
  d: string;
  fill?: Role;
  stroke?: Role;
  /** Stroke width; stitches are dashed. */
  w?: number;
  op?: number;
  /** Drawn again mirrored on the left. */
  mirror?: boolean;
  on?: 'front' | 'back';
  /** Drawn behind the sleeves and body (a hood's back). */
  under?: boolean;
  /** Also drawn at the top of the folded view. */
  neck?: boolean;
}

interface GarmentShape {
  /** Right half of the body outline, from the top centre to the bottom centre. */
  body: string;
  sleeve?: string;
  parts: Part[];
  /** Height of the neck points: the folded view lines them up with its top edge. */
  neckY: number;
  /** Centre of the chest print, if the garment carries one. */
  print?: { x: number; y: number; scale: number };
  /** Centre and zoom of the close-up. */
  detail: { x: number; y: number; zoom: number };
  /** The two lines on the hang tag. */
  fabric: [string, string];
}

type Segment = readonly number[];

/** A closed outline from its right half: [x, y] is a line, 4 numbers a quadratic, 6 a cubic. */
function symmetric(start: readonly [number, number], segments: Segment[]): string {
  const command = (segment: Segment) => ['L', 'Q', 'C'][segment.length / 2 - 1] ?? 'L';
  const points: number[][] = [[...start], ...segments.map((segment) => segment.slice(-2))];
  let path = `M${start.join(' ')}`;
  for (const segment of segments) path += command(segment) + segment.join(' ');
  for (let index = segments.length - 1; index >= 0; index--) {
    const segment = segments[index] ?? [];
    const controls: number[] = [];
    for (let at = segment.length - 4; at >= 0; at -= 2) {
      controls.push(600 - (segment[at] ?? 0), segment[at + 1] ?? 0);
    }
    const [x = 0, y = 0] = points[index] ?? [];
    path += command(segment) + [...controls, 600 - x, y].join(' ');
  }
  return `${path}Z`;
}

const circle = (x: number, y: number, r: number) =>
  `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

const seam = (d: string, extra: Partial<Part> = {}): Part => ({
  d,
  stroke: 'seam',
  w: 2,
  ...extra,
});
const stitch = (d: string, extra: Partial<Part> = {}): Part => ({ d, stroke: 'stitch', ...extra });
const crease = (d: string, mirror = true): Part => ({ d, stroke: 'light', w: 9, op: 0.12, mirror });

/** A crew neck between neck points at ±half around x 300: the inside shows above the front curve. */
function crewNeck(half: number, y: number, front: number, back: number, rib = 14): Part[] {
  const l = 300 - half;
  const r = 300 + half;
  const backCurve = `M${l} ${y}Q${l + 18} ${back} 300 ${back}Q${r - 18} ${back} ${r} ${y}`;
  const depth = y + ((front - y) * 4) / 3;
  const frontCurve = `M${l} ${y}C${l + 6} ${depth} ${r - 6} ${depth} ${r} ${y}`;
  const stitchDepth = depth + rib + 2;
  return [
    {
      d: `${backCurve}C${r - 6} ${depth} ${l + 6} ${depth} ${l} ${y}Z`,
      fill: 'deep',
      on: 'front',
      neck: true,
    },
    { d: `M290 ${y + 8}h20v10h-20z`, fill: 'light', on: 'front', neck: true },
    { d: frontCurve, stroke: 'rib', w: rib, on: 'front', neck: true },
    stitch(`M${l - 6} ${y + 2}C${l} ${stitchDepth} ${r} ${stitchDepth} ${r + 6} ${y + 2}`, {
      on: 'front',
      neck: true,
    }),
    { d: backCurve, stroke: 'rib', w: rib, on: 'back' },
    stitch(
      `M${l - 6} ${y + 6}Q${l + 16} ${back + rib} 300 ${back + rib}Q${r - 16} ${back + rib} ${r + 6} ${y + 6}`,
      { on: 'back' },
    ),
  ];
}

const TEE_BODY = symmetric(
  [300, 150],
  [
    [334, 150, 354, 128],
    [458, 156],
    [448, 222, 452, 292],
    [460, 600],
    [380, 608, 300, 608],
  ],
);
const SHORT_SLEEVE = 'M458 156Q520 184 566 272L514 320Q484 304 452 292Z';
const LONG_SLEEVE = 'M458 158Q528 200 548 330L572 566L514 582L490 400Q476 330 452 292Z';
const TEE_PARTS: Part[] = [
  seam('M354 128L458 156', { mirror: true }),
  stitch('M142 588Q220 596 300 596Q380 596 458 588'),
  crease('M430 330Q414 370 424 420'),
  crease('M238 480Q270 510 262 560', false),
];
/** The rib band at the hem of a sweatshirt, hoodie or jacket. */
const ribHem = (top: number, side: number, bottom: number): Part[] => [
  {
    d: `M${600 - side} ${top}Q300 ${top + 8} ${side} ${top}L${side - 8} ${bottom}Q300 ${bottom + 6} ${608 - side} ${bottom}Z`,
    fill: 'rib',
  },
  seam(`M${600 - side} ${top}Q300 ${top + 8} ${side} ${top}`, { op: 0.6 }),
];
/** Long sleeve of a heavier top, its rib cuff and a crease, for shoulders at x 464. */
const HEAVY_SLEEVE = 'M464 168Q532 214 550 338L574 566L516 582L492 408Q478 342 456 304Z';
const HEAVY_CUFF: Part[] = [
  { d: 'M570 526L574 566L516 582L510 542Z', fill: 'rib', mirror: true },
  crease('M516 360Q530 430 532 500'),
];
const heavyBody = (neckHalf: number, neckY: number, backY: number) =>
  symmetric(
    [300, backY],
    [
      [300 + neckHalf - 20, backY, 300 + neckHalf, neckY],
      [464, 168],
      [454, 234, 456, 304],
      [462, 566],
      [454, 616],
      [372, 622, 300, 622],
    ],
  );

const SHAPES: Record<GarmentKind, GarmentShape> = {
  tee: {
    body: TEE_BODY,
    sleeve: SHORT_SLEEVE,
    parts: [
      ...crewNeck(54, 128, 180, 150),
      stitch('M556 262L504 310', { mirror: true }),
      ...TEE_PARTS,
    ],
    neckY: 128,
    print: { x: 300, y: 320, scale: 1.1 },
    detail: { x: 340, y: 360, zoom: 1.9 },
    fabric: ['100% COTTON', '180 GSM JERSEY'],
  },
  'long-sleeve': {
    body: TEE_BODY,
    sleeve: LONG_SLEEVE,
    parts: [
      ...crewNeck(54, 128, 180, 150),
      { d: 'M568 530L572 566L514 582L509 546Z', fill: 'rib', mirror: true },
      crease('M510 360Q524 430 528 500'),
      ...TEE_PARTS,
    ],
    neckY: 128,
    print: { x: 300, y: 320, scale: 1.1 },
    detail: { x: 340, y: 360, zoom: 1.9 },
    fabric: ['100% COTTON', '200 GSM JERSEY'],
  },
  tank: {
    body: symmetric(
      [300, 150],
      [
        [326, 150, 338, 112],
        [378, 112],
        [384, 214, 402, 288, 436, 316],
        [446, 600],
        [372, 608, 300, 608],
      ],
    ),
    parts: [
      ...crewNeck(38, 112, 228, 150, 10),
      { d: 'M378 112C384 214 402 288 436 316', stroke: 'rib', w: 10, mirror: true },
      seam('M338 112L378 112', { mirror: true }),
      stitch('M156 588Q228 596 300 596Q372 596 444 588'),
      crease('M424 350Q410 390 420 440'),
    ],
    neckY: 112,
    print: { x: 300, y: 380, scale: 0.95 },
    detail: { x: 336, y: 410, zoom: 1.9 },
    fabric: ['COTTON BLEND', 'RIBBED JERSEY'],
  },
  polo: {
    body: TEE_BODY,
    sleeve: SHORT_SLEEVE,
    parts: [
      { d: 'M555 261L566 272L514 320L503 309Z', fill: 'rib', mirror: true },
      { d: 'M561 267L509 315', stroke: 'accent', w: 3, mirror: true },
      { d: 'M288 150H312V262H288Z', fill: 'main', stroke: 'seam', w: 2, on: 'front', neck: true },
      {
        d: `${circle(300, 192, 6)}${circle(300, 234, 6)}`,
        fill: 'button',
        stroke: 'seam',
        w: 1.5,
        on: 'front',
        neck: true,
      },
      { d: 'M244 126Q300 114 356 126V136Q300 126 244 136Z', fill: 'rib', on: 'front', neck: true },
      {
        d: 'M354 128Q378 152 380 186L318 204Q308 174 300 152Q336 152 354 128Z',
        fill: 'rib',
        stroke: 'seam',
        w: 1.5,
        mirror: true,
        on: 'front',
        neck: true,
      },
      { d: 'M376 182L320 198', stroke: 'accent', w: 3, mirror: true, on: 'front', neck: true },
      { d: 'M244 126Q266 164 300 164Q334 164 356 126', stroke: 'rib', w: 22, on: 'back' },
      { d: 'M242 144Q268 178 300 178Q332 178 358 144', stroke: 'accent', w: 3, on: 'back' },
      seam('M460 600L458 570', { mirror: true }),
      ...TEE_PARTS,
    ],
    neckY: 128,
    detail: { x: 320, y: 200, zoom: 2.3 },
    fabric: ['COTTON PIQUE', '220 GSM'],
  },
  hoodie: {
    body: heavyBody(56, 142, 164),
    sleeve: HEAVY_SLEEVE,
    parts: [
      {
        d: 'M226 182C206 88 250 48 300 48C350 48 394 88 374 182Z',
        fill: 'main',
        under: true,
        on: 'front',
        neck: true,
      },
      ...HEAVY_CUFF,
      ...ribHem(566, 462, 616),
      {
        d: 'M300 248L250 188C242 114 266 80 300 80C334 80 358 114 350 188Z',
        fill: 'deep',
        stroke: 'main',
        w: 12,
        on: 'front',
        neck: true,
      },
      seam('M300 48V72', { on: 'front', neck: true }),
      stitch('M300 256L240 188C232 108 262 68 300 68', { on: 'front', neck: true, mirror: true }),
      { d: circle(274, 218, 5), fill: 'metal', mirror: true, on: 'front', neck: true },
      {
        d: 'M326 218Q334 262 324 300',
        stroke: 'light',
        w: 6,
        mirror: true,
        on: 'front',
        neck: true,
      },
      { d: 'M324 300L323 320', stroke: 'metal', w: 8, mirror: true, on: 'front', neck: true },
      {
        d: 'M222 462H378Q394 514 430 556V566H170V556Q206 514 222 462Z',
        fill: 'main',
        stroke: 'seam',
        w: 2,
        on: 'front',
      },
      stitch('M230 472H370M380 478Q394 522 422 552M220 478Q206 522 178 552', { on: 'front' }),
      {
        d: 'M236 160C220 236 242 356 300 372C358 356 380 236 364 160Q332 178 300 178Q268 178 236 160Z',
        fill: 'main',
        stroke: 'seam',
        w: 2,
        on: 'back',
      },
      seam('M300 178V370', { on: 'back' }),
    ],
    neckY: 142,
    print: { x: 300, y: 374, scale: 0.8 },
    detail: { x: 336, y: 300, zoom: 1.9 },
    fabric: ['COTTON FLEECE', '320 GSM BRUSHED'],
  },
  sweatshirt: {
    body: heavyBody(54, 140, 164),
    sleeve: `M354 142L${HEAVY_SLEEVE.slice(1)}`,
    parts: [
      ...crewNeck(54, 140, 194, 164, 18),
      seam('M356 144Q392 230 456 304', { mirror: true }),
      ...HEAVY_CUFF,
      ...ribHem(566, 462, 616),
    ],
    neckY: 140,
    print: { x: 300, y: 340, scale: 1.05 },
    detail: { x: 336, y: 370, zoom: 1.9 },
    fabric: ['FRENCH TERRY', '280 GSM COTTON'],
  },
  shirt: {
    body: symmetric(
      [300, 146],
      [
        [326, 146, 338, 130],
        [462, 156],
        [452, 224, 454, 296],
        [460, 560],
        [458, 612, 396, 632, 300, 634],
      ],
    ),
    sleeve: 'M462 156Q530 202 548 330L570 566L514 582L492 404Q478 338 454 296Z',
    parts: [
      seam('M338 130L462 156', { mirror: true }),
      {
        d: 'M566 522L570 566L514 582L508 538Z',
        fill: 'main',
        stroke: 'seam',
        w: 1.5,
        mirror: true,
      },
      { d: circle(540, 552, 4), fill: 'button', mirror: true },
      { d: 'M258 130Q300 158 342 130', stroke: 'shade', w: 16, on: 'front', neck: true },
      { d: 'M288 150H312V634H288Z', fill: 'main', stroke: 'seam', w: 1.5, on: 'front', neck: true },
      {
        d: [196, 262, 328, 394, 460, 526, 592].map((y) => circle(300, y, 5)).join(''),
        fill: 'button',
        stroke: 'seam',
        w: 1,
        on: 'front',
        neck: true,
      },
      {
        d: 'M338 124Q358 154 352 180L312 208Q302 182 300 150Q326 146 338 124Z',
        fill: 'main',
        stroke: 'seam',
        w: 1.5,
        mirror: true,
        on: 'front',
        neck: true,
      },
      { d: 'M336 262H394V322L365 334L336 322Z', fill: 'main', stroke: 'seam', w: 1.5, on: 'front' },
      stitch('M336 274H394', { on: 'front' }),
      { d: 'M258 130Q300 162 342 130', stroke: 'main', w: 20, on: 'back' },
      seam('M258 140Q300 172 342 140', { on: 'back' }),
      seam('M142 226Q300 238 458 226', { on: 'back' }),
      seam('M288 234L292 292M312 234L308 292', { on: 'back' }),
      stitch('M146 556Q230 618 300 620Q370 618 454 556'),
      crease('M430 330Q414 370 424 420'),
    ],
    neckY: 130,
    detail: { x: 326, y: 240, zoom: 2.2 },
    fabric: ['OXFORD COTTON', 'BUTTON-DOWN'],
  },
  joggers: {
    body: symmetric(
      [300, 96],
      [
        [400, 96],
        [407, 146],
        [420, 240, 410, 400, 388, 612],
        [391, 664],
        [326, 664],
        [324, 612],
        [307, 300],
        [305, 284, 300, 282],
      ],
    ),
    parts: [
      { d: 'M200 96H400L407 146H193Z', fill: 'rib', neck: true },
      stitch('M196 138H404', { neck: true }),
      { d: `${circle(290, 124, 5)}${circle(310, 124, 5)}`, fill: 'deep', on: 'front', neck: true },
      {
        d: 'M310 124Q322 180 316 232',
        stroke: 'accent',
        w: 6,
        mirror: true,
        on: 'front',
        neck: true,
      },
      { d: 'M316 232L315 252', stroke: 'metal', w: 8, mirror: true, on: 'front', neck: true },
      seam('M392 146Q388 196 414 256', { mirror: true, on: 'front', neck: true }),
      stitch('M383 148Q378 204 411 272', { mirror: true, on: 'front', neck: true }),
      seam('M300 144V278', { neck: true }),
      stitch('M300 152H314V236Q314 258 302 266', { on: 'front', neck: true }),
      { d: 'M388 614L391 664H326L324 614Z', fill: 'rib', mirror: true },
      {
        d: 'M322 184H380V236L351 246L322 236Z',
        fill: 'main',
        stroke: 'seam',
        w: 1.5,
        mirror: true,
        on: 'back',
      },
      crease('M370 320Q384 400 372 480'),
    ],
    neckY: 96,
    detail: { x: 300, y: 180, zoom: 2.3 },
    fabric: ['COTTON FLEECE', 'TAPERED FIT'],
  },
  jacket: {
    body: heavyBody(46, 136, 152),
    sleeve: HEAVY_SLEEVE,
    parts: [
      { d: 'M254 136Q300 164 346 136', stroke: 'rib', w: 24, neck: true },
      { d: 'M249 150Q300 178 351 150', stroke: 'accent', w: 3, neck: true },
      ...HEAVY_CUFF,
      { d: 'M571 540L514 555M572 550L515 565', stroke: 'accent', w: 3, mirror: true },
      ...ribHem(566, 462, 616),
      { d: 'M144 584Q300 592 456 584M145 594Q300 602 455 594', stroke: 'accent', w: 3 },
      { d: 'M300 150V620', stroke: 'shade', w: 12, on: 'front', neck: true },
      { d: 'M300 152V618', stroke: 'metal', w: 6, op: 0.9, on: 'front', neck: true },
      { d: 'M295 156H305V186H295Z', fill: 'metal', stroke: 'seam', w: 1, on: 'front', neck: true },
      { d: 'M350 420L390 500', stroke: 'shade', w: 10, mirror: true, on: 'front' },
      stitch('M340 424L380 504', { mirror: true, on: 'front' }),
      {
        d: 'M478 250L512 242L520 280L486 288Z',
        fill: 'sleeve',
        stroke: 'seam',
        w: 1.5,
        on: 'front',
      },
      { d: 'M481 258L515 250', stroke: 'metal', w: 3, on: 'front' },
      seam('M300 160V566', { on: 'back', op: 0.5 }),
      crease('M430 330Q414 370 424 420'),
    ],
    neckY: 136,
    detail: { x: 330, y: 220, zoom: 2.2 },
    fabric: ['NYLON SHELL', 'WATER-REPELLENT'],
  },
};

const GRAPHICS = ['sun', 'peaks', 'wave', 'bolt'] as const;
const GRAPHIC_TEXT: Record<(typeof GRAPHICS)[number], string> = {
  sun: 'GOOD DAYS',
  peaks: 'EXPLORE MORE',
  wave: 'SALT & SEA',
  bolt: 'HIGH ENERGY',
};

function graphicArt(graphic: (typeof GRAPHICS)[number], ink: string): string {
  switch (graphic) {
    case 'sun':
      // A sun of radius 54 cut by two bands: a cap, a slice and the bottom.
      return `<path d="M-50.9 6A54 54 0 1 1 50.9 6ZM-48.4 12H48.4A54 54 0 0 1 42 22H-42A54 54 0 0 1-48.4 12ZM-33.9 30H33.9A54 54 0 0 1-33.9 30ZM-70 48h140v5h-140z" fill="${ink}"/>`;
    case 'peaks':
      return `<circle cy="-8" r="56" fill="none" stroke="${ink}" stroke-width="6"/><path d="M-42 28L-14-14L2 6L18-22L42 28Z" fill="${ink}"/><circle cx="-22" cy="-34" r="8" fill="${ink}"/>`;
    case 'wave':
      return `<circle cy="-8" r="56" fill="none" stroke="${ink}" stroke-width="6"/><path d="M-44-4q11-14 22 0t22 0t22 0t22 0M-44 16q11-14 22 0t22 0t22 0t22 0" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/><circle cx="18" cy="-32" r="10" fill="${ink}"/>`;
    case 'bolt':
      return `<path d="M10-70L-34 4H-4L-14 52L34-20H4Z" fill="${ink}"/><path d="M-46-46l6 12l12 6l-12 6l-6 12l-6-12l-12-6l12-6zM44 10l4 8l8 4l-8 4l-4 8l-4-8l-8-4l8-4z" fill="${ink}"/>`;
  }
}

function printGraphic(
  place: { x: number; y: number; scale: number },
  seed: number,
  ink: string,
  printText: string | undefined,
): string {
  const graphic = GRAPHICS[seed % GRAPHICS.length] ?? 'sun';
  const text = (printText?.trim() || GRAPHIC_TEXT[graphic]).toUpperCase().slice(0, 24);
  const size = Math.max(10, Math.min(24, (170 / text.length - 3) / 0.62)).toFixed(1);
  return `<g transform="translate(${place.x} ${place.y}) scale(${place.scale})">${graphicArt(graphic, ink)}<text y="88" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="${size}" letter-spacing="3" fill="${ink}">${escapeXml(text)}</text></g>`;
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? '',
  );
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function mix(hex: string, other: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(other);
  return `#${a
    .map((value, at) =>
      Math.round(value + ((b[at] ?? 0) - value) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);
const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
/** Darker on most colours, lighter on near-black, where darker would not show. */
const ink = (hex: string, amount: number) =>
  luminance(hex) < 0.14 ? lighten(hex, amount * 0.6) : darken(hex, amount);

/** FNV-1a: a short, stable hash for gradient ids and picking a print. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return value;
}

interface Palette {
  colours: Record<Role, string>;
  defs: string;
  id: string;
}

function palette(colour: string, accent: string, id: string): Palette {
  const light = luminance(colour) > 0.8;
  const backdrop = light ? '#dcd8d1' : '#f6f3ee';
  const rib = ink(colour, 0.1);
  const defs = [
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(colour, backdrop, 0.93)}"/><stop offset="1" stop-color="${mix(colour, darken(backdrop, 0.06), 0.9)}"/></linearGradient>`,
    `<linearGradient id="${id}-body" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darken(colour, 0.16)}"/><stop offset="0.4" stop-color="${colour}"/><stop offset="0.62" stop-color="${colour}"/><stop offset="1" stop-color="${darken(colour, 0.2)}"/></linearGradient>`,
    `<linearGradient id="${id}-sleeve" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${darken(colour, 0.04)}"/><stop offset="1" stop-color="${darken(colour, 0.24)}"/></linearGradient>`,
    `<radialGradient id="${id}-glow" cx="0.38" cy="0.3" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${id}-floor"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
    `<pattern id="${id}-rib" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${rib}"/><path d="M1.5 0V6" stroke="${ink(colour, 0.3)}" stroke-opacity="0.5"/></pattern>`,
    `<pattern id="${id}-knit" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 0L2.5 2.5L5 0M0 2.5L2.5 5L5 2.5" fill="none" stroke="${ink(colour, 0.4)}" stroke-opacity="0.35" stroke-width="0.6"/></pattern>`,
    `<filter id="${id}-lift" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="8" stdDeviation="9" flood-color="#000000" flood-opacity="0.16"/></filter>`,
  ].join('');
  return {
    id,
    defs,
    colours: {
      main: `url(#${id}-body)`,
      sleeve: `url(#${id}-sleeve)`,
      shade: ink(colour, 0.14),
      deep: ink(colour, 0.4),
      rib: `url(#${id}-rib)`,
      light: lighten(colour, 0.45),
      accent,
      seam: ink(colour, 0.35),
      stitch: luminance(colour) > 0.55 ? darken(colour, 0.3) : lighten(colour, 0.35),
      metal: '#c3c8cf',
      button: luminance(colour) > 0.7 ? darken(colour, 0.12) : lighten(colour, 0.7),
    },
  };
}

function drawPart(part: Part, colours: Record<Role, string>): string {
  const attrs = [`d="${part.d}"`, `fill="${part.fill ? colours[part.fill] : 'none'}"`];
  if (part.stroke) {
    attrs.push(
      `stroke="${colours[part.stroke]}"`,
      `stroke-width="${part.w ?? 2}"`,
      `stroke-linecap="${(part.w ?? 2) >= 10 ? 'butt' : 'round'}"`,
      'stroke-linejoin="round"',
    );
    if (part.stroke === 'stitch') attrs.push('stroke-dasharray="5 4"', 'stroke-opacity="0.7"');
  }
  if (part.op !== undefined) attrs.push(`opacity="${part.op}"`);
  const path = `<path ${attrs.join(' ')}/>`;
  return part.mirror ? `${path}<g transform="matrix(-1 0 0 1 600 0)">${path}</g>` : path;
}

const MIRROR = 'transform="matrix(-1 0 0 1 600 0)"';

/** The garment laid flat, seen from the front or the back. */
function flat(
  shape: GarmentShape,
  side: 'front' | 'back',
  p: Palette,
  textured: boolean,
  print: string,
): string {
  const edge = `stroke="${ink(p.colours.seam, 0.1)}" stroke-width="2" stroke-linejoin="round"`;
  const knit = (d: string) => (textured ? `<path d="${d}" fill="url(#${p.id}-knit)"/>` : '');
  const parts = shape.parts.filter((part) => !part.on || part.on === side);
  const draw = (list: Part[]) => list.map((part) => drawPart(part, p.colours)).join('');
  const sleeve = shape.sleeve
    ? `<path d="${shape.sleeve}" fill="${p.colours.sleeve}" ${edge}/>${knit(shape.sleeve)}`
    : '';
  return [
    draw(parts.filter((part) => part.under)),
    sleeve,
    sleeve ? `<g ${MIRROR}>${sleeve}</g>` : '',
    `<path d="${shape.body}" fill="${p.colours.main}" ${edge}/>`,
    `<path d="${shape.body}" fill="url(#${p.id}-glow)"/>`,
    knit(shape.body),
    draw(parts.filter((part) => !part.under)),
    side === 'front' ? print : '',
  ].join('');
}

/** The garment folded on a small pile, neck (or waistband) on top. */
function folded(shape: GarmentShape, p: Palette, colour: string, print: string): string {
  const outline =
    'M158 228Q160 212 176 210H424Q440 212 442 228L448 558Q448 576 430 578H170Q152 576 152 558Z';
  const pile = [36, 18]
    .map(
      (drop, index) =>
        `<path d="${outline}" transform="translate(0 ${drop})" fill="${ink(colour, 0.3 - index * 0.1)}"/>`,
    )
    .join('');
  const neck = shape.parts
    .filter((part) => part.neck)
    .map((part) => drawPart({ ...part, under: false }, p.colours))
    .join('');
  const drop = 212 - shape.neckY;
  const clip = `${p.id}-fold`;
  return [
    '<g transform="translate(300 400) scale(1.12) translate(-300 -400)">',
    pile,
    `<path d="${outline}" fill="${p.colours.main}" stroke="${ink(colour, 0.3)}" stroke-width="2"/>`,
    `<path d="${outline}" fill="url(#${p.id}-glow)"/>`,
    `<path d="M198 212L192 576M402 212L408 576" stroke="${ink(colour, 0.25)}" stroke-width="3" opacity="0.45"/>`,
    `<path d="M154 470Q300 482 446 470" stroke="${darken(colour, 0.3)}" stroke-width="12" opacity="0.14" fill="none"/>`,
    `<clipPath id="${clip}"><path d="M0 0H600V578H0Z"/></clipPath>`,
    `<g clip-path="url(#${clip})"><g transform="translate(0 ${drop})">${neck}</g></g>`,
    print ? `<g transform="translate(60 110) scale(0.8)">${print}</g>` : '',
    '</g>',
  ].join('');
}

/** A close-up of the front with the fabric's knit and a hang tag. */
function detail(shape: GarmentShape, p: Palette, colour: string, print: string): string {
  const { x, y, zoom } = shape.detail;
  const [first, second] = shape.fabric;
  return [
    `<g transform="translate(300 360) scale(${zoom}) translate(${-x} ${-y})">${flat(shape, 'front', p, true, print)}</g>`,
    '<path d="M498 -10Q480 300 496 486" fill="none" stroke="#8a8178" stroke-width="2"/>',
    '<g transform="rotate(-6 496 570)">',
    '<rect x="436" y="468" width="120" height="172" rx="12" fill="#fbf9f5" stroke="#d9d3ca" stroke-width="2"/>',
    '<circle cx="496" cy="488" r="6" fill="#e9e4dc" stroke="#b9b0a5" stroke-width="2"/>',
    '<text x="496" y="526" text-anchor="middle" font-family="sans-serif" font-size="10" letter-spacing="2" fill="#6b645c">MADE TO WEAR</text>',
    `<text x="496" y="556" text-anchor="middle" font-family="sans-serif" font-weight="800" font-size="13" fill="#2b2724">${escapeXml(first)}</text>`,
    `<text x="496" y="576" text-anchor="middle" font-family="sans-serif" font-size="10" letter-spacing="1" fill="#6b645c">${escapeXml(second)}</text>`,
    `<circle cx="480" cy="610" r="10" fill="${colour}" stroke="#d9d3ca" stroke-width="2"/>`,
    `<circle cx="512" cy="610" r="10" fill="${p.colours.accent}" stroke="#d9d3ca" stroke-width="2"/>`,
    '</g>',
  ].join('');
}

const KIND_NAMES: Record<GarmentKind, string> = {
  tee: 'T-shirt',
  'long-sleeve': 'Long-sleeve T-shirt',
  tank: 'Tank top',
  polo: 'Polo shirt',
  hoodie: 'Hoodie',
  sweatshirt: 'Sweatshirt',
  shirt: 'Shirt',
  joggers: 'Joggers',
  jacket: 'Jacket',
};

/** A 600x720 SVG picture of a garment; the same options always give the same bytes. */
export function garmentSvg(options: GarmentSvgOptions): string {
  const shape = SHAPES[options.kind];
  if (!shape) throw new Error(`Unknown garment kind: ${options.kind}`);
  if (!GARMENT_VIEWS.includes(options.view)) throw new Error(`Unknown view: ${options.view}`);
  const colour = options.colour.toLowerCase();
  const accent = options.accent.toLowerCase();
  parseHex(colour);
  parseHex(accent);
  const seed = hash(
    [options.kind, colour, accent, options.view, options.printText ?? ''].join('|'),
  );
  const p = palette(colour, accent, `g${seed.toString(36)}`);
  const print = shape.print
    ? printGraphic(
        shape.print,
        hash(colour + accent + (options.printText ?? '')),
        accent,
        options.printText,
      )
    : '';
  const scenes: Record<GarmentView, () => string> = {
    front: () => flat(shape, 'front', p, false, print),
    back: () => flat(shape, 'back', p, false, print),
    detail: () => detail(shape, p, colour, print),
    folded: () => folded(shape, p, colour, print),
  };
  const floor =
    options.view === 'detail'
      ? ''
      : `<ellipse cx="300" cy="${options.view === 'folded' ? 652 : 656}" rx="210" ry="20" fill="url(#${p.id}-floor)"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 720" width="600" height="720" role="img">`,
    `<title>${KIND_NAMES[options.kind]}, ${options.view} view</title>`,
    `<defs>${p.defs}</defs>`,
    `<rect width="600" height="720" fill="url(#${p.id}-bg)"/>`,
    floor,
    `<g filter="url(#${p.id}-lift)">${scenes[options.view]()}</g>`,
    '</svg>',
  ].join('');
}
