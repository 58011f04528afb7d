import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { type Layer, type PrintArea, printPixelSize } from '#contract';
import { renderPrintFile } from '#server/features/designs/print-file.ts';

/**
 * `npm run bench:print`: renders the print file of a 3-layer design (arched
 * text, a 3000 × 2000 photo, a second line of text) on a 300 × 400 mm print
 * area at 300 DPI, BENCH_RUNS times (5 by default), as the admin's download
 * does: resvg rasterises, sharp encodes the PNG. Prints the time per file
 * (median and slowest) and the process's peak resident memory.
 */

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

const layers: Layer[] = [
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

async function main() {
  const bytes = await photo();
  const images = new Map([[PHOTO_ID, { bytes, contentType: 'image/png' }]]);
  const size = printPixelSize(AREA);
  const times: number[] = [];
  let fileBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const png = await renderPrintFile(layers, AREA, images);
    times.push(performance.now() - started);
    fileBytes = png.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times[times.length - 1] ?? 0;
  // maxRSS is in kilobytes: the peak of the whole process, photo generation included.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    [
      `print file: 3 layers, ${AREA.widthMm} × ${AREA.heightMm} mm at 300 DPI = ${size.width} × ${size.height} px, ${RUNS} runs`,
      `time per file: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms`,
      `file: ${(fileBytes / 1024 / 1024).toFixed(1)} MB PNG; peak resident memory ${peakMb.toFixed(0)} MB`,
    ].join('\n'),
  );
}

await main();
