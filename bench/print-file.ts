import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type Layer, type PrintArea, printPixelSize } from '#contract';
import { type PrintImage, renderPrintFile } from '#server/features/designs/print-file.ts';

/**
 * `npm run bench:print`: renders print files on a 300 × 400 mm print area at
 * 300 DPI, BENCH_RUNS times (5 by default), as the admin's download does.
 * Two designs, each in a process of its own so each peak is its own:
 * 'typical' (arched text, a 3000 × 2000 photo, a second line of text) and
 * 'photos' (the worst a side may hold: ten 6000 × 6000 photos, 36 megapixels
 * each, the most an upload may have). Then 'roster': a team's 30 backs, each
 * its own name and number (two text layers), one after another as the print
 * queue's worker makes them.
 *
 * The photos are made in this process and handed to each case's process as
 * files, so what a case's process holds before its first render is its
 * modules and its input files, as a server holding the upload would.
 * Prints, per file, the wall time (median and slowest) and the process's CPU
 * time (median; all threads: resvg's, zlib's and JavaScript's), which other
 * load on the machine moves less; and memory: the peak resident set, what the
 * process held just before the first render, and the difference, which is
 * the side's own cost.
 */

/** maxRSS is in kilobytes: the peak of the whole process so far. */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const residentMb = () => process.memoryUsage().rss / 2 ** 20;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

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

/** The input files, made once by the parent process: each case's process reads them. */
const INPUT_FILES = { photo: 'photo.png', bigPhoto: 'big-photo.jpg' };

const CASES = {
  typical: async (inputs: string) => ({
    layers: typical,
    images: new Map([
      [
        PHOTO_ID,
        { bytes: await readFile(join(inputs, INPUT_FILES.photo)), contentType: 'image/png' },
      ],
    ]),
  }),
  photos: async (inputs: string) => {
    const bytes = await readFile(join(inputs, INPUT_FILES.bigPhoto));
    return {
      layers: photos,
      images: new Map(PHOTO_IDS.map((id) => [id, { bytes, contentType: 'image/jpeg' }])),
    };
  },
  roster: async () => ({ layers: rosterBack(0), images: new Map<string, PrintImage>() }),
};
type CaseName = keyof typeof CASES;

/**
 * Renders one file per run (`layersOf(run)`), and prints its times and the
 * memory the renders added to what the process held before the first.
 */
async function measure(
  title: string,
  runs: number,
  layersOf: (run: number) => readonly Layer[],
  images: ReadonlyMap<string, PrintImage>,
) {
  // The renderer's modules load on first use; loaded here, they count in what the process held before.
  await import('@resvg/resvg-js');
  const peakBeforeMb = peakRssMb();
  const heldBeforeMb = residentMb();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let fileBytes = 0;
  let peakHeapMb = 0;
  const sampler = setInterval(() => {
    peakHeapMb = Math.max(peakHeapMb, process.memoryUsage().heapUsed / 2 ** 20);
  }, 5);
  const started = performance.now();
  for (let run = 0; run < runs; run++) {
    const [wall, cpu] = [performance.now(), cpuMs()];
    const png = await renderPrintFile(layersOf(run), AREA, images);
    times.push(performance.now() - wall);
    cpuTimes.push(cpuMs() - cpu);
    fileBytes = png.length;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  const peakMb = peakRssMb();
  // maxRSS only rises: a peak below the one before the renders would not show (it never did here).
  const addedMb = peakMb > peakBeforeMb ? `${(peakMb - heldBeforeMb).toFixed(0)} MB` : 'not seen';
  console.log(
    [
      title,
      `  per file: median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms; process CPU median ${median(cpuTimes).toFixed(0)} ms; all ${runs}: ${(total / 1000).toFixed(1)} s`,
      `  file ${(fileBytes / 2 ** 20).toFixed(1)} MB PNG; memory: the renders add ${addedMb} to the ${heldBeforeMb.toFixed(0)} MB held before the first (modules and inputs): peak resident ${peakMb.toFixed(0)} MB; peak V8 heap ${peakHeapMb.toFixed(0)} MB`,
    ].join('\n'),
  );
}

async function runCase(name: CaseName, inputs: string) {
  const { layers, images } = await CASES[name](inputs);
  const size = printPixelSize(AREA);
  const where = `${AREA.widthMm} × ${AREA.heightMm} mm at 300 DPI = ${size.width} × ${size.height} px`;
  if (name === 'roster') {
    await measure(
      `print files 'roster': ${ROSTER_SIZE} backs, each its own name and number, ${where}, one after another`,
      ROSTER_SIZE,
      rosterBack,
      images,
    );
    return;
  }
  const inputMb =
    [...images.values()].reduce((sum, image) => sum + image.bytes.length, 0) / 2 ** 20;
  await measure(
    `print file '${name}': ${layers.length} layers (${images.size} images, ${inputMb.toFixed(1)} MB of files), ${where}, ${RUNS} runs`,
    RUNS,
    () => layers,
    images,
  );
}

const [requested, inputs] = process.argv.slice(2);
if (requested && requested in CASES && inputs) {
  await runCase(requested as CaseName, inputs);
} else {
  const names = requested && requested in CASES ? [requested] : Object.keys(CASES);
  const directory = await mkdtemp(join(tmpdir(), 'bench-print-'));
  try {
    if (names.includes('typical')) {
      await writeFile(join(directory, INPUT_FILES.photo), await photo());
    }
    if (names.includes('photos')) {
      await writeFile(join(directory, INPUT_FILES.bigPhoto), await bigPhoto());
    }
    // Each case in a fresh process: maxRSS never goes down, so one process would report the larger twice.
    for (const name of names) {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), name, directory],
        { stdio: 'inherit' },
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
