import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { ICON_PADDING, paddedMarkSvg, readMark, renderIcon } from '../scripts/icons';
import { FILES } from '../src/manifest';

const webMark = readFileSync(new URL('../../web/public/favicon.svg', import.meta.url), 'utf8');

/** Alpha of the pixel at (x, y) of an RGBA image `size` wide. */
const alpha = (pixels: Uint8Array | Buffer, size: number, x: number, y: number) => pixels[(y * size + x) * 4 + 3]!;

describe('icons (decision 161)', () => {
  it("are the web app's mark", async () => {
    expect(await readMark()).toBe(webMark);
  });

  it('every size the manifest lists has a padding, and renders as a PNG of that size', async () => {
    const mark = await readMark();
    for (const size of Object.keys(FILES.icons).map(Number)) {
      expect(ICON_PADDING[size], `padding for ${size}`).toBeDefined();
      const png = renderIcon(mark, size);
      expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      const view = new DataView(png.buffer, png.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([size, size]);
    }
  });

  it('the 128 px icon is 96 px of artwork inside 16 transparent pixels on each side', async () => {
    const size = 128;
    const pixels = new Resvg(paddedMarkSvg(await readMark(), size)).render().pixels;
    const opaque: [number, number][] = [];
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (alpha(pixels, size, x, y) > 0) opaque.push([x, y]);
    const xs = opaque.map(([x]) => x);
    const ys = opaque.map(([, y]) => y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([16, 111, 16, 111]);
    // The mark's square is filled in the middle: its teal at the centre.
    const centre = (64 * size + 40) * 4;
    expect([...pixels.subarray(centre, centre + 4)]).toEqual([15, 107, 99, 255]);
  });
});
