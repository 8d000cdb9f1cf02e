import { chunkIntoSlides, SLIDE_EXPORT, slideFilename, type TV2momComplete } from '@v2mom/contracts';
import html2canvas from 'html2canvas';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SlideDeck } from './slide-deck';
import { saveFile } from '../../../../lib/save-file';
import { clock } from '../../../../lib/clock';

/**
 * Loaded only when Export Slide is clicked (with html2canvas): draws the COO-tracked methods as
 * 1920x1080 slides of four, off screen, and downloads each as a PNG, 500 ms apart.
 * Resolves with the number of slides downloaded.
 */
export async function exportSlides(v2mom: TV2momComplete): Promise<number> {
  const slides = chunkIntoSlides(v2mom.methods.filter((method) => method.forCooTracking));
  if (slides.length === 0) return 0;

  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  // Off screen but laid out at full size, so html2canvas measures the real slide.
  Object.assign(host.style, { position: 'fixed', left: '-100000px', top: '0', width: `${SLIDE_EXPORT.width}px`, pointerEvents: 'none' });
  document.body.appendChild(host);
  const root = createRoot(host);
  try {
    flushSync(() => root.render(<SlideDeck v2mom={v2mom} slides={slides} now={clock.now()} />));
    await document.fonts?.ready;
    const nodes = Array.from(host.querySelectorAll<HTMLElement>('[data-slide]'));
    for (const [index, node] of nodes.entries()) {
      if (index > 0) await pause(SLIDE_EXPORT.pauseBetweenSlidesMs);
      const canvas = await html2canvas(node, {
        width: SLIDE_EXPORT.width,
        height: SLIDE_EXPORT.height,
        windowWidth: SLIDE_EXPORT.width,
        windowHeight: SLIDE_EXPORT.height,
        scale: 1,
        backgroundColor: '#ffffff',
        imageTimeout: SLIDE_EXPORT.imageLoadTimeoutMs,
        useCORS: true,
        logging: false,
      });
      saveFile(await toPngBlob(canvas), slideFilename(v2mom.title, v2mom.year, index + 1));
    }
    return nodes.length;
  } finally {
    root.unmount();
    host.remove();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function toPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The slide could not be drawn'))), 'image/png'),
  );
}

