import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  GARMENT_KINDS,
  GARMENT_VIEWS,
  type GarmentKind,
  type GarmentView,
  garmentSvg,
} from './garment-svg.ts';

const TAG =
  /<(\/)?([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/)?>|<\?xml[^>]*\?>|([^<]+)/y;
const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/** Throws unless `xml` is one well-formed element: tags nest, attributes are quoted and unique, & is escaped. */
function assertWellFormed(xml: string): void {
  const open: string[] = [];
  let roots = 0;
  TAG.lastIndex = 0;
  while (TAG.lastIndex < xml.length) {
    const at = TAG.lastIndex;
    const match = TAG.exec(xml);
    if (!match) throw new Error(`Malformed markup at ${at}: ${xml.slice(at, at + 60)}`);
    const [whole, closing, name, attributes = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (open.length === 0 && text.trim()) throw new Error(`Text outside the root: ${text}`);
      if (BARE_AMPERSAND.test(text)) throw new Error(`Unescaped & in text: ${text}`);
      continue;
    }
    if (!name) continue;
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes nothing open at ${at}`);
      continue;
    }
    const names = [...attributes.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, key, value]) => {
      if (BARE_AMPERSAND.test(value ?? '')) throw new Error(`Unescaped & in ${whole}`);
      return key;
    });
    if (new Set(names).size !== names.length) throw new Error(`Repeated attribute in ${whole}`);
    if (open.length === 0) roots++;
    if (!selfClosing) open.push(name);
  }
  if (open.length > 0) throw new Error(`Unclosed: ${open.join(', ')}`);
  if (roots !== 1) throw new Error(`Expected one root element, found ${roots}`);
}

const ALL = GARMENT_KINDS.flatMap((kind) => GARMENT_VIEWS.map((view) => ({ kind, view })));
const draw = (kind: GarmentKind, view: GarmentView, printText?: string) =>
  garmentSvg({ kind, view, colour: '#1e3a5f', accent: '#f5c542', ...(printText && { printText }) });

describe('the well-formedness check itself', () => {
  it.each([
    '<svg><g></svg>',
    '<svg><path d="a"></svg>',
    '<svg a="1" a="2"/>',
    '<svg>Salt & Sea</svg>',
    '<svg/><svg/>',
    '<svg x=1/>',
  ])('rejects %s', (xml) => {
    expect(() => assertWellFormed(xml)).toThrow();
  });

  it('accepts a small document', () => {
    expect(() =>
      assertWellFormed('<svg a="1"><g><path d="M0 0"/></g><text>A &amp; B</text></svg>'),
    ).not.toThrow();
  });
});

describe('garmentSvg', () => {
  it.each(ALL)('draws a well-formed, self-contained $kind ($view)', ({ kind, view }) => {
    const svg = draw(kind, view);
    assertWellFormed(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 720"/);
    expect(svg).toContain('#1e3a5f');
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/href="http/i);
    expect(svg).not.toMatch(/url\(\s*['"]?http/i);
    expect(svg).not.toMatch(/\son[a-z]+=/i);
    expect(svg).not.toMatch(/<(image|foreignObject|use)\b/i);
    expect(Buffer.byteLength(svg)).toBeLessThan(20_000);
  });

  it.each(ALL)('defines every id it references, once ($kind, $view)', ({ kind, view }) => {
    const svg = draw(kind, view);
    const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    const references = [...svg.matchAll(/url\(#([^)]+)\)/g)].map(([, id]) => id);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(ids).toContain(reference);
  });

  it('gives the same bytes for the same input, and other bytes for another', () => {
    expect(draw('hoodie', 'front')).toBe(draw('hoodie', 'front'));
    expect(draw('hoodie', 'front')).not.toBe(draw('hoodie', 'back'));
    expect(draw('tee', 'front')).not.toBe(draw('polo', 'front'));
    const other = garmentSvg({
      kind: 'hoodie',
      view: 'front',
      colour: '#7f1d1d',
      accent: '#f5c542',
    });
    expect(other).not.toBe(draw('hoodie', 'front'));
  });

  it('gives different pictures different gradient ids, so they can share a page', () => {
    const idOf = (svg: string) => svg.match(/\sid="([^"]+)"/)?.[1];
    expect(idOf(draw('tee', 'front'))).not.toBe(idOf(draw('tee', 'back')));
  });

  it('prints the chest text on printed garments, escaped', () => {
    const svg = draw('tee', 'front', '<script>alert("x")</script> & Co');
    assertWellFormed(svg);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).toContain('&lt;SCRIPT&gt;ALERT(&quot;X&quot;)');
    expect(draw('tee', 'front', 'Chai & Code')).toContain('CHAI &amp; CODE');
    expect(draw('tee', 'back', 'Chai & Code')).not.toContain('CHAI');
  });

  // So the seed's customisable tees and hoodies are not blanks: their pages
  // say the designer prints on the bare garment (issue 28).
  it.each([
    'tee',
    'long-sleeve',
    'hoodie',
  ] as const)('draws a chest print on a %s even without print text', (kind) => {
    expect(draw(kind, 'front')).toMatch(/<text [^>]*font-weight="800"/);
  });

  it('accepts upper-case colours and refuses anything but #rrggbb', () => {
    expect(garmentSvg({ kind: 'tee', view: 'front', colour: '#1E3A5F', accent: '#F5C542' })).toBe(
      draw('tee', 'front'),
    );
    for (const colour of ['red', '#fff', '#1e3a5f"/><script>', 'url(http://x)']) {
      expect(() => garmentSvg({ kind: 'tee', view: 'front', colour, accent: '#000000' })).toThrow();
      expect(() =>
        garmentSvg({ kind: 'tee', view: 'front', colour: '#000000', accent: colour }),
      ).toThrow();
    }
  });

  it('refuses an unknown kind or view', () => {
    expect(() => draw('cape' as GarmentKind, 'front')).toThrow();
    expect(() => draw('tee', 'side' as GarmentView)).toThrow();
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom's & Co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; Co&lt;/a&gt;',
    );
  });
});
