import { XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';
import { ZV2momCompleteSchema, type TV2momComplete } from '@v2mom/contracts';
import type { ApiClient } from './api-client.js';

/** A method description long enough to be cut to fit its table cell (docs/PRODUCT.md#deck). */
export const LONG_METHOD =
  'Rebuild the partner onboarding journey end to end so that every new reseller is selling within thirty days, with a named success manager, a certification path, co-marketing funds and a shared pipeline review every fortnight until their first three deals close';

/** A V2MOM whose methods fill more than one slide of the deck's table, one of them with a long description. */
export async function createDeckV2mom(as: ApiClient): Promise<TV2momComplete> {
  const methods = Array.from({ length: 11 }, (_, index) => ({
    description: index === 2 ? LONG_METHOD : `Deck method ${index + 1}`,
    progress: 10 + index,
    status: index % 4 === 3 ? 'at_risk' : 'in_progress',
    q2Goal: `Goal ${index + 1}`,
    currentMeasure: `Measure ${index + 1}`,
  }));
  const response = await as
    .post('/api/v2moms/complete', {
      title: 'Quarterly deck plan',
      year: 2026,
      quarter: 'q2',
      vision: 'Every partner selling in thirty days',
      values: [{ description: 'Customers first' }, { description: 'Ship weekly' }],
      methods,
      obstacles: [{ description: 'Too few success managers', linkedMethodPositions: [2] }],
    })
    .expect(201);
  return ZV2momCompleteSchema.parse(response.body);
}

/** supertest's parser for a binary answer: its bytes as one Buffer. */
export function bytes(answer: unknown, callback: (error: Error | null, body: Buffer) => void): void {
  // supertest hands the parser the answer's stream.
  const response = answer as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
  response.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const NOTES = /^ppt\/notesSlides\/notesSlide(\d+)\.xml$/;

function textsOf(xml: string): string {
  return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map(([, text]) => text).join(' ');
}

/** Parts of a .pptx, in slide order. */
export interface PptxParts {
  /** Each part's name and whether it is well-formed XML (true) or the parser's complaint. */
  xmlParts: Array<{ name: string; wellFormed: true | string }>;
  slides: string[];
  notes: string[];
  charts: string[];
}

/**
 * A character outside XML 1.0's `Char` production: fast-xml-parser's validator lets it pass, but
 * an office suite reading the part stops there.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const NOT_AN_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;

function wellFormed(xml: string): true | string {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) return `${verdict.err.code}: ${verdict.err.msg} (line ${verdict.err.line})`;
  const character = NOT_AN_XML_CHARACTER.exec(xml);
  if (!character) return true;
  return `U+${character[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which XML cannot hold, at character ${character.index}`;
}

/** Every XML part of a zip (a .pptx, an .xlsx), and of the workbooks embedded in it, with its well-formedness. */
async function xmlPartsOf(zip: JSZip, prefix = ''): Promise<PptxParts['xmlParts']> {
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const parts = await Promise.all(
    names.map(async (name): Promise<PptxParts['xmlParts']> => {
      const file = zip.file(name);
      if (!file) return [];
      if (name.endsWith('.xlsx')) return xmlPartsOf(await JSZip.loadAsync(await file.async('uint8array')), `${prefix}${name}!`);
      if (!name.endsWith('.xml') && !name.endsWith('.rels')) return [];
      return [{ name: `${prefix}${name}`, wellFormed: wellFormed(await file.async('string')) }];
    }),
  );
  return parts.flat();
}

/**
 * Opens a .pptx and reads what the tests look at: the well-formedness of every XML part, the
 * chart's workbook's included, and each slide's and its notes' text.
 */
export async function readPptx(file: Buffer): Promise<PptxParts> {
  const zip = await JSZip.loadAsync(file);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const read = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve('');
  const xmlParts = await xmlPartsOf(zip);
  const numbered = async (pattern: RegExp) => {
    const parts = names.flatMap((name) => {
      const number = pattern.exec(name)?.[1];
      return number ? [{ name, number: Number(number) }] : [];
    });
    parts.sort((a, b) => a.number - b.number);
    return Promise.all(parts.map(async ({ name }) => textsOf(await read(name))));
  };
  const charts = await Promise.all(names.filter((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name)).map(read));
  return { xmlParts, slides: await numbered(SLIDE), notes: await numbered(NOTES), charts };
}
