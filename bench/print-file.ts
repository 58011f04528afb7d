import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type Layer, type PrintArea, printPixelSize } from '#contract';
import { renderPrintFile } from '#server/features/designs/print-file.ts';

/**
 * `npm run bench:print`: renders print files on a 300 × 400 mm print area at
 * 300 DPI, BENCH_RUNS times (5 by default), as the admin's download does:
 * resvg rasterises, sharp encodes the PNG. Two designs, each in a process of
 * its own so each peak is its own: 'typical' (arched text, a 3000 × 2000
 * photo, a second line of text) and 'photos' (the worst a side may hold: ten
 * 6000 × 6000 photos, 36 megapixels each, the most an upload may have).
 * Then 'roster': a team's 30 backs, each its own name and number (two text
 * layers), one after another as the print queue's worker makes them.
 * Prints the time per file (median and slowest), the roster's total, the
 * process's peak resident memory (and its peak before the first render: the
 * modules and the bench's own inputs) and its peak V8 heap.
 */

/** maxRSS is in kilobytes: the peak of the whole process so far. */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AREA: PrintArea = { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 };
const PHOTO_ID = '00000000-0000-4000-8000-00000000beef';

async function photo(): Promise<Buffer> {
  // A gradient with noise, so the PNG is as hard to draw and encode as a real photo.
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) {
    pixels[index] = (index % 251) ^ ((index >> 7) & 0xff);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A 6000 × 6000 JPEG at quality 90 under the 10 MB upload limit: a camera's photo, as uploaded. */
async function bigPhoto(): Promise<Buffer> {
  const side = 6000;
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const index = (y * side + x) * 3;
      pixels[index] = (x >> 4) & 0xff;
      pixels[index + 1] = (y >> 4) & 0xff;
      pixels[index + 2] = ((x ^ y) >> 2) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const typical: Layer[] = [
  {
    id: 'arch',
    type: 'text',
    text: 'BENGALURU RUNNING CLUB',
    fontId: 'bebas-neue',
    colorId: 'navy',
    fontSizeMm: 30,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 140,
    xMm: 150,
    yMm: 80,
    rotationDeg: 0,
  },
  {
    id: 'photo',
    type: 'image',
    imageId: PHOTO_ID,
    xMm: 150,
    yMm: 220,
    widthMm: 240,
    heightMm: 160,
    rotationDeg: -4,
  },
  {
    id: 'line',
    type: 'text',
    text: 'Est. 2026\nSunday 6 am, Cubbon Park',
    fontId: 'lobster',
    colorId: 'red',
    fontSizeMm: 18,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: 150,
    yMm: 345,
    rotationDeg: 0,
  },
];

/** Ten 36-megapixel photos tiled over the side, two columns of five, each 150 × 80 mm. */
const PHOTO_IDS = Array.from(
  { length: 10 },
  (_, index) => `00000000-0000-4000-8000-0000000000${String(index).padStart(2, '0')}`,
);
const photos: Layer[] = PHOTO_IDS.map((imageId, index) => ({
  id: `photo-${index}`,
  type: 'image',
  imageId,
  xMm: 75 + (index % 2) * 150,
  yMm: 40 + Math.floor(index / 2) * 80,
  widthMm: 150,
  heightMm: 80,
  rotationDeg: 0,
}));

/** A roster's back: the player's name near the top, the number large below. */
const ROSTER_SIZE = 30;
const rosterBack = (index: number): Layer[] => [
  {
    id: 'name',
    type: 'text',
    text: `PLAYER ${String.fromCharCode(65 + (index % 26))}${index}`,
    fontId: 'bebas-neue',
    colorId: 'navy',
    fontSizeMm: 40,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: 150,
    yMm: 60,
    rotationDeg: 0,
  },
  {
    id: 'number',
    type: 'text',
    text: String(index % 100),
    fontId: 'bebas-neue',
    colorId: 'navy',
    fontSizeMm: 200,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: 150,
    yMm: 230,
    rotationDeg: 0,
  },
];

const CASES = {
  typical: async () => ({
    layers: typical,
    images: new Map([[PHOTO_ID, { bytes: await photo(), contentType: 'image/png' }]]),
  }),
  photos: async () => {
    const bytes = await bigPhoto();
    return {
      layers: photos,
      images: new Map(PHOTO_IDS.map((id) => [id, { bytes, contentType: 'image/jpeg' }])),
    };
  },
};

async function runRoster() {
  const peakBeforeMb = peakRssMb();
  const times: number[] = [];
  const started = performance.now();
  for (let index = 0; index < ROSTER_SIZE; index++) {
    const one = performance.now();
    await renderPrintFile(rosterBack(index), AREA, new Map());
    times.push(performance.now() - one);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    [
      `print files 'roster': ${ROSTER_SIZE} backs, each its own name and number, ${AREA.widthMm} × ${AREA.heightMm} mm at 300 DPI, one after another`,
      `  total ${(total / 1000).toFixed(1)} s; per file: median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms, slowest ${(times[times.length - 1] ?? 0).toFixed(0)} ms`,
      `  peak resident memory ${peakRssMb().toFixed(0)} MB (${peakBeforeMb.toFixed(0)} MB before the first render)`,
    ].join('\n'),
  );
}

async function runCase(name: keyof typeof CASES) {
  const { layers, images } = await CASES[name]();
  const inputMb =
    [...images.values()].reduce((sum, image) => sum + image.bytes.length, 0) / 2 ** 20;
  const size = printPixelSize(AREA);
  const peakBeforeMb = peakRssMb();
  const times: number[] = [];
  let fileBytes = 0;
  let peakHeapMb = 0;
  const sampler = setInterval(() => {
    peakHeapMb = Math.max(peakHeapMb, process.memoryUsage().heapUsed / 2 ** 20);
  }, 5);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const png = await renderPrintFile(layers, AREA, images);
    times.push(performance.now() - started);
    fileBytes = png.length;
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times[times.length - 1] ?? 0;
  // The peak of the whole process, photo generation included.
  const peakMb = peakRssMb();
  console.log(
    [
      `print file '${name}': ${layers.length} layers (${images.size} images, ${inputMb.toFixed(1)} MB of files), ${AREA.widthMm} × ${AREA.heightMm} mm at 300 DPI = ${size.width} × ${size.height} px, ${RUNS} runs`,
      `  time per file: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms`,
      `  file: ${(fileBytes / 1024 / 1024).toFixed(1)} MB PNG; peak resident memory ${peakMb.toFixed(0)} MB (${peakBeforeMb.toFixed(0)} MB before the first render), peak V8 heap ${peakHeapMb.toFixed(0)} MB`,
    ].join('\n'),
  );
}

const requested = process.argv[2];
if (requested === 'roster') {
  await runRoster();
} else if (requested && requested in CASES) {
  await runCase(requested as keyof typeof CASES);
} else {
  // Each case in a fresh process: maxRSS never goes down, so one process would report the larger twice.
  for (const name of [...Object.keys(CASES), 'roster'] satisfies string[]) {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), name], {
      stdio: 'inherit',
    });
  }
}
