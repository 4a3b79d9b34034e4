/**
 * The toolbar and store icons: the web app's mark (`apps/web/public/favicon.svg`, copied to `src/icons/mark.svg`; a
 * unit test keeps the two equal) rendered to PNG with resvg at each size the manifest lists, inside transparent
 * padding. Chrome's store guidance for the 128 px icon is 96 px of artwork with 16 px on each side; the smaller
 * sizes keep a thinner margin so the toolbar button does not shrink the mark to a dot (decision 161).
 */
import { readFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';

/** Transparent margin on each side, in pixels, by icon size. */
export const ICON_PADDING: Readonly<Record<number, number>> = { 16: 1, 32: 2, 48: 4, 128: 16 };

/** The mark as an SVG of `size` px with the artwork inset by the size's padding. */
export function paddedMarkSvg(mark: string, size: number): string {
  const pad = ICON_PADDING[size];
  if (pad === undefined) throw new Error(`No padding is set for a ${size} px icon (ICON_PADDING in scripts/icons.ts)`);
  const art = size - 2 * pad;
  const inner = mark.replace(/<svg\b/, `<svg x="${pad}" y="${pad}" width="${art}" height="${art}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${inner}</svg>`;
}

/** PNG bytes of the mark at `size` px. */
export function renderIcon(mark: string, size: number): Uint8Array {
  const png = new Resvg(paddedMarkSvg(mark, size), { fitTo: { mode: 'original' } }).render();
  if (png.width !== size || png.height !== size) throw new Error(`The ${size} px icon rendered at ${png.width}×${png.height}`);
  return new Uint8Array(png.asPng());
}

export const MARK_SVG_PATH = new URL('../src/icons/mark.svg', import.meta.url);

export async function readMark(): Promise<string> {
  return readFile(MARK_SVG_PATH, 'utf8');
}
