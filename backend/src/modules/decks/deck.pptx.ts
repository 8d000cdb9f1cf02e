import PptxGenJSModule from 'pptxgenjs';
import type PptxTypes from 'pptxgenjs';
import { quarterAsItEnded, quarterLabel, WORK_STATUS_LABELS, type TWorkStatus } from '@v2mom/contracts';
import { everyString } from '../shared/every-string.js';
import type { DeckContent, DeckMethod } from './deck.content.js';

// The package's types describe its CommonJS build; Node loads its ES build, whose default export is the class.
const PptxGenJS = PptxGenJSModule as unknown as typeof PptxGenJSModule.default;
type Pptx = InstanceType<typeof PptxGenJS>;
type Slide = PptxTypes.default.Slide;
type TableCell = PptxTypes.default.TableCell;
type TableCellProps = PptxTypes.default.TableCellProps;

/**
 * Lays a deck's content out as an editable PowerPoint file (docs/PRODUCT.md#deck): every text
 * is text, the table a native table, the chart a native chart; text cut to fit its box is given
 * in full in the slide's speaker notes.
 */

/** The 16:9 layout, in inches. */
const WIDTH = 13.333;
const MARGIN = 0.3;
const BAND = 0.9;
const FONT = 'Calibri';

/** How many of each fit on a slide, and how long a text may be in its box. */
const DECK_LIMITS = {
  methodRows: 8,
  obstacles: 8,
  values: 8,
  description: 80,
  cell: 60,
  owner: 28,
  vision: 600,
  value: 120,
  obstacle: 160,
  seriesName: 40,
} as const;

const STATUS_COLOURS: Record<TWorkStatus, string> = {
  not_started: '6B7280',
  in_progress: '2563EB',
  completed: '16A34A',
  at_risk: 'DC2626',
};
const CHART_PALETTE = ['7C3AED', '0891B2', 'DB2777', '65A30D', 'EA580C', '4B5563', 'CA8A04', '0D9488'];

const hex = (colour: string) => colour.replace('#', '').toUpperCase();

/**
 * What XML 1.0 cannot hold: control characters but tab, line feed and carriage return, U+FFFE,
 * U+FFFF and halves of surrogate pairs. The API refuses them (docs/PRODUCT.md#validation), but one
 * stored before it did would make a slide's XML malformed, and LibreOffice then drops every table
 * row from it on; so the deck leaves them out.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;
const xmlCharacters = (text: string) => text.replace(NOT_IN_XML, '');

/** A slide's texts cut to fit, the full ones kept for its notes. */
class Fitted {
  private readonly full: string[] = [];

  text(text: string, max: number): string {
    const trimmed = text.trim();
    if (trimmed.length <= max) return trimmed;
    this.full.push(trimmed);
    return `${trimmed.slice(0, max - 1).trimEnd()}…`;
  }

  notes(slide: Slide): void {
    if (this.full.length > 0) slide.addNotes(`Full text of what is cut on this slide:\n${this.full.map((text) => `- ${text}`).join('\n')}`);
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages.length > 0 ? pages : [[]];
}

function titled(pptx: Pptx, content: DeckContent, title: string): Slide {
  const slide = pptx.addSlide();
  const { primaryColour, accentColour } = content.company;
  slide.addShape(pptx.ShapeType.rect, { x: 0, y: 0, w: WIDTH, h: BAND, fill: { color: hex(primaryColour) }, line: { type: 'none' } });
  slide.addShape(pptx.ShapeType.rect, { x: 0, y: BAND, w: WIDTH, h: 0.06, fill: { color: hex(accentColour) }, line: { type: 'none' } });
  slide.addText(title, { x: MARGIN, y: 0.1, w: WIDTH - 2 * MARGIN - 2.5, h: BAND - 0.2, fontFace: FONT, fontSize: 26, bold: true, color: 'FFFFFF', valign: 'middle' });
  slide.addText(content.company.name, { x: WIDTH - MARGIN - 2.5, y: 0.1, w: 2.5, h: BAND - 0.2, fontFace: FONT, fontSize: 12, color: 'FFFFFF', align: 'right', valign: 'middle' });
  return slide;
}

/** What the figures are of, when not today: `Q1 as it ended`, as the cards name it, or `as of 2 December 2026` (docs/PRODUCT.md#as-of). */
function shownWhen(content: DeckContent): string | null {
  if (content.asOf) return `as of ${content.asOf}`;
  return content.asItEnded ? quarterAsItEnded(content.quarter) : null;
}

/** The quarter as the deck names it: `Q1`, `Q1 as it ended` once it has, or `Q1 as of {day}`. */
function shownQuarter(content: DeckContent): string {
  if (content.asOf) return `${quarterLabel(content.quarter)} as of ${content.asOf}`;
  return content.asItEnded ? quarterAsItEnded(content.quarter) : quarterLabel(content.quarter);
}

function titleSlide(pptx: Pptx, content: DeckContent): void {
  const slide = pptx.addSlide();
  const fitted = new Fitted();
  slide.background = { color: hex(content.company.primaryColour) };
  slide.addShape(pptx.ShapeType.rect, { x: 0.8, y: 4.15, w: 3, h: 0.08, fill: { color: hex(content.company.accentColour) }, line: { type: 'none' } });
  slide.addText(content.company.name, { x: 0.8, y: 1.2, w: 11.5, h: 0.6, fontFace: FONT, fontSize: 20, color: 'FFFFFF', bold: true });
  slide.addText(fitted.text(content.title, 90), { x: 0.8, y: 1.9, w: 11.5, h: 2.1, fontFace: FONT, fontSize: 40, color: 'FFFFFF', bold: true, valign: 'bottom' });
  slide.addText(`Fiscal year ${content.year} · ${shownQuarter(content)}`, { x: 0.8, y: 4.4, w: 11.5, h: 0.5, fontFace: FONT, fontSize: 20, color: 'FFFFFF' });
  slide.addText(content.madeOn, { x: 0.8, y: 4.9, w: 11.5, h: 0.5, fontFace: FONT, fontSize: 16, color: 'FFFFFF' });
  fitted.notes(slide);
}

function visionSlide(pptx: Pptx, content: DeckContent, vision: NonNullable<DeckContent['vision']>): void {
  const slide = titled(pptx, content, 'Vision and values');
  const fitted = new Fitted();
  const primary = hex(content.company.primaryColour);
  slide.addText('Vision', { x: MARGIN, y: 1.15, w: 6, h: 0.4, fontFace: FONT, fontSize: 18, bold: true, color: primary });
  slide.addText(fitted.text(vision.text || 'No vision yet', DECK_LIMITS.vision), { x: MARGIN, y: 1.6, w: 6.1, h: 5.4, fontFace: FONT, fontSize: 16, valign: 'top', color: '1F2937' });
  slide.addText('Values', { x: 6.9, y: 1.15, w: 6, h: 0.4, fontFace: FONT, fontSize: 18, bold: true, color: primary });
  const shown = vision.values.slice(0, DECK_LIMITS.values).map((value) => fitted.text(value, DECK_LIMITS.value));
  const hidden = vision.values.slice(DECK_LIMITS.values);
  const lines: PptxTypes.default.TextProps[] = shown.length > 0 ? shown.map((text) => ({ text, options: { bullet: true, breakLine: true } })) : [{ text: 'No values yet' }];
  if (hidden.length > 0) lines.push({ text: `and ${hidden.length} more (in the notes)` });
  slide.addText(lines, { x: 6.9, y: 1.6, w: 6.1, h: 5.4, fontFace: FONT, fontSize: 15, valign: 'top', color: '1F2937', paraSpaceAfter: 6 });
  fitted.notes(slide);
  if (hidden.length > 0) slide.addNotes(`More values:\n${hidden.map((value) => `- ${value}`).join('\n')}`);
}

/** The table's columns: heading and width in inches (12.73 in all). */
const COLUMNS = [
  ['Method', 3.3],
  ['Owner', 1.5],
  ['Status', 1.2],
  ['Goal', 2.0],
  ['Current measure', 1.9],
  ['Progress', 1.63],
  ['Change', 1.2],
] as const;
const TABLE_Y = 1.2;
const HEADER_H = 0.45;
const ROW_H = 0.62;
const PROGRESS_X = MARGIN + COLUMNS.slice(0, 5).reduce((sum, [, width]) => sum + width, 0);
const BAR_W = 0.95;

function changeText(method: DeckMethod): { text: string; colour: string } {
  const change = method.progress - method.progressAtMeeting;
  if (change > 0) return { text: `+${change} pts`, colour: '16A34A' };
  if (change < 0) return { text: `−${-change} pts`, colour: 'DC2626' };
  return { text: 'No change', colour: '6B7280' };
}

function methodRow(method: DeckMethod, fitted: Fitted): TableCell[] {
  const cell = (text: string, options: TableCellProps = {}): TableCell => ({ text, options });
  const change = changeText(method);
  return [
    cell(fitted.text(method.description, DECK_LIMITS.description)),
    cell(fitted.text(method.owner, DECK_LIMITS.owner)),
    cell(WORK_STATUS_LABELS[method.status], { fill: { color: STATUS_COLOURS[method.status] }, color: 'FFFFFF', bold: true, align: 'center' }),
    cell(method.goal ? fitted.text(method.goal, DECK_LIMITS.cell) : 'No goal set', method.goal ? {} : { color: '6B7280', italic: true }),
    cell(method.currentMeasure ? fitted.text(method.currentMeasure, DECK_LIMITS.cell) : 'Not measured', method.currentMeasure ? {} : { color: '6B7280', italic: true }),
    cell(`${method.progress}%`, { align: 'right', bold: true }),
    cell(change.text, { color: change.colour, bold: true, align: 'center' }),
  ];
}

function methodSlides(pptx: Pptx, content: DeckContent): void {
  const primary = hex(content.company.primaryColour);
  const header = COLUMNS.map(([heading]): TableCell => ({
    text: heading === 'Goal' ? `${quarterLabel(content.quarter)} goal` : heading === 'Change' ? `Since ${content.meetingDay}` : heading,
    options: { bold: true, color: 'FFFFFF', fill: { color: primary } },
  }));
  chunks(content.methods, DECK_LIMITS.methodRows).forEach((page, index) => {
    const heading = index === 0 ? 'Methods' : 'Methods (continued)';
    // A slide of the table shown on its own still says its figures are the quarter's end or a day's, not today's.
    const when = shownWhen(content);
    const slide = titled(pptx, content, when ? `${heading} · ${when}` : heading);
    const fitted = new Fitted();
    if (page.length === 0) {
      slide.addText('No methods', { x: MARGIN, y: TABLE_Y, w: 6, h: 0.5, fontFace: FONT, fontSize: 16, color: '6B7280' });
      return;
    }
    const rows = [header, ...page.map((method) => methodRow(method, fitted))];
    slide.addTable(rows, {
      x: MARGIN,
      y: TABLE_Y,
      colW: COLUMNS.map(([, width]) => width),
      rowH: [HEADER_H, ...page.map(() => ROW_H)],
      fontFace: FONT,
      fontSize: 10,
      valign: 'middle',
      color: '1F2937',
      border: { type: 'solid', pt: 0.5, color: 'D1D5DB' },
      autoPage: false,
    });
    // Each progress bar: a track and its fill, drawn over the cell's left part; the number stays text.
    page.forEach((method, row) => {
      const y = TABLE_Y + HEADER_H + row * ROW_H + ROW_H / 2 - 0.08;
      const share = Math.min(Math.max(method.progress, 0), 100) / 100;
      slide.addShape(pptx.ShapeType.rect, { x: PROGRESS_X + 0.08, y, w: BAR_W, h: 0.16, fill: { color: 'E5E7EB' }, line: { type: 'none' } });
      if (share > 0) slide.addShape(pptx.ShapeType.rect, { x: PROGRESS_X + 0.08, y, w: BAR_W * share, h: 0.16, fill: { color: hex(content.company.accentColour) }, line: { type: 'none' } });
    });
    fitted.notes(slide);
  });
}

function obstacleSlides(pptx: Pptx, content: DeckContent): void {
  chunks(content.obstacles, DECK_LIMITS.obstacles).forEach((page, index) => {
    const slide = titled(pptx, content, index === 0 ? 'Obstacles' : 'Obstacles (continued)');
    const fitted = new Fitted();
    const lines: PptxTypes.default.TextProps[] =
      page.length > 0 ? page.map((text) => ({ text: fitted.text(text, DECK_LIMITS.obstacle), options: { bullet: true, breakLine: true } })) : [{ text: 'No obstacles' }];
    slide.addText(lines, { x: MARGIN, y: 1.2, w: WIDTH - 2 * MARGIN, h: 5.9, fontFace: FONT, fontSize: 15, valign: 'top', color: '1F2937', paraSpaceAfter: 8 });
    fitted.notes(slide);
  });
}

function chartSlide(pptx: Pptx, content: DeckContent): void {
  const slide = titled(pptx, content, 'Progress over the quarter');
  const fitted = new Fitted();
  const { chart } = content;
  if (chart.series.length === 0) {
    slide.addText('No methods', { x: MARGIN, y: 1.2, w: 6, h: 0.5, fontFace: FONT, fontSize: 16, color: '6B7280' });
    return;
  }
  const data = chart.series.map((series) => ({ name: fitted.text(series.name, DECK_LIMITS.seriesName), labels: chart.weekEnds, values: series.values }));
  slide.addChart(pptx.ChartType.line, data, {
    x: MARGIN,
    y: 1.15,
    w: WIDTH - 2 * MARGIN,
    h: 6.1,
    showTitle: true,
    title: chart.title,
    titleFontFace: FONT,
    titleFontSize: 14,
    showLegend: true,
    legendPos: 'r',
    legendFontFace: FONT,
    legendFontSize: 9,
    valAxisMinVal: 0,
    valAxisMaxVal: 100,
    valAxisLabelFontSize: 10,
    catAxisLabelFontSize: 10,
    lineSize: 2,
    lineDataSymbol: 'circle',
    lineDataSymbolSize: 5,
    chartColors: [hex(content.company.primaryColour), hex(content.company.accentColour), ...CHART_PALETTE],
  });
  fitted.notes(slide);
}

/** The deck as a .pptx file: its slides, notes and chart workbook hold only characters XML can. */
export async function renderDeck(written: DeckContent): Promise<Buffer> {
  const content = everyString(written, xmlCharacters);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.company = content.company.name;
  pptx.title = `${content.title}, fiscal year ${content.year} ${quarterLabel(content.quarter)}`;
  titleSlide(pptx, content);
  if (content.vision) visionSlide(pptx, content, content.vision);
  methodSlides(pptx, content);
  obstacleSlides(pptx, content);
  chartSlide(pptx, content);
  // Deflated: the slides' XML is most of the file and shrinks about tenfold. pptxgenjs honours
  // `compression` only for its 'STREAM' output, which is a Node Buffer too.
  return (await pptx.write({ outputType: 'STREAM', compression: true })) as Buffer;
}
