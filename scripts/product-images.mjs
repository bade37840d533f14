// Demo product photos drawn locally (no downloads): a PNG per product — a soft gradient in the
// colour of its section with a flat picture of the kind of thing (linen, plaid, towels, cup,
// plate, board, candle, vase, frame) — encoded with node:zlib. Used by seed-products.mjs, which
// writes them into the local R2 bucket with one `wrangler r2 bulk put`.
import { deflateSync } from "node:zlib";

const SIZE = 320;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `size`×`size` from `pixel(x, y) → [r, g, b]`. */
export function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const lighten = (c, t) => mix(c, [255, 255, 255], t);
const darken = (c, t) => mix(c, [0, 0, 0], t);
const inRect = (x, y, x0, y0, x1, y1, r = 0) => {
  const cx = Math.max(x0 + r, Math.min(x, x1 - r));
  const cy = Math.max(y0 + r, Math.min(y, y1 - r));
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};
const inEllipse = (x, y, cx, cy, rx, ry) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** The picture of a kind: a colour (or null for the background) at a point of the 320-px square. */
const SHAPES = {
  bed: (x, y, c) => (inRect(x, y, 60, 120, 260, 230, 14) ? (Math.floor((y - 120) / 22) % 2 ? lighten(c, 0.35) : c) : inRect(x, y, 80, 90, 240, 130, 12) ? lighten(c, 0.6) : null),
  plaid: (x, y, c) => (inRect(x, y, 70, 80, 250, 240, 16) ? ((Math.floor(x / 30) + Math.floor(y / 30)) % 2 ? c : lighten(c, 0.45)) : null),
  towels: (x, y, c) => [0, 1, 2].map((i) => (inRect(x, y, 80 + i * 10, 210 - i * 50, 240 - i * 10, 250 - i * 50, 10) ? lighten(c, i * 0.25) : null)).find(Boolean) ?? null,
  cup: (x, y, c) => {
    if (inRect(x, y, 100, 110, 210, 240, 18)) return c;
    const r = Math.hypot(x - 215, y - 170);
    return r >= 24 && r <= 40 && x > 210 ? darken(c, 0.1) : null;
  },
  plate: (x, y, c) => {
    const r = Math.hypot(x - 160, y - 165);
    return r <= 60 ? lighten(c, 0.55) : r <= 70 ? lighten(c, 0.25) : r <= 110 ? lighten(c, 0.7) : null;
  },
  board: (x, y, c) => (Math.hypot(x - 160, y - 95) <= 10 ? null : inRect(x, y, 90, 75, 230, 250, 30) ? (Math.floor(x / 9) % 3 ? c : darken(c, 0.08)) : null),
  candle: (x, y, c) => (inEllipse(x, y, 160, 100, 14, 26) ? [255, 196, 80] : inRect(x, y, 157, 118, 163, 140) ? [60, 50, 40] : inRect(x, y, 105, 140, 215, 250, 10) ? lighten(c, 0.5) : null),
  vase: (x, y, c) => (inEllipse(x, y, 160, 190, 70, 65) || inRect(x, y, 130, 80, 190, 150, 8) ? c : null),
  frame: (x, y, c) => (inRect(x, y, 110, 100, 210, 220) ? lighten(c, 0.75) : inRect(x, y, 85, 75, 235, 245, 4) ? darken(c, 0.15) : null),
};

/** A product photo: background gradient of `color`, the kind's picture, a soft shadow under it. */
export function productPhoto(kind, color) {
  const draw = SHAPES[kind] ?? SHAPES.frame;
  const top = lighten(color, 0.82);
  const bottom = lighten(color, 0.6);
  return png(SIZE, (x, y) => {
    const p = draw(x, y, color);
    if (p) return p;
    const bg = mix(top, bottom, y / SIZE);
    return inEllipse(x, y, 160, 262, 105, 14) ? darken(bg, 0.12) : bg;
  });
}
