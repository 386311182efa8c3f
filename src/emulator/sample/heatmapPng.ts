import { deflateSync } from 'node:zlib';

// CRC-32 (PNG chunk checksum). zlib.crc32 only exists from Node 20.15, and the emulator also runs on
// the Node of older VS Code builds.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG of a blue-to-red "thermal image" with a hot spot, for the sample ticket attachment. */
export function heatmapPng(width = 32, height = 24, hotX = 0.7, hotY = 0.35): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const offset = y * (width * 3 + 1);
    rows[offset] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const distance = Math.hypot(x / width - hotX, y / height - hotY);
      const heat = Math.max(0, Math.min(1, 1 - distance * 1.8));
      rows[offset + 1 + x * 3] = Math.round(255 * heat);
      rows[offset + 2 + x * 3] = Math.round(160 * Math.sin(Math.PI * heat));
      rows[offset + 3 + x * 3] = Math.round(255 * (1 - heat));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
