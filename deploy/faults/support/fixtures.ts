import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A valid 8×8 PNG. */
export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 90, g: 110, b: 60 } } })
    .png()
    .toBuffer();
}

/**
 * A valid PNG of exactly `size` bytes: a tiny image with one private ancillary chunk (`faKe`, which every
 * decoder skips) padding it out, before IEND.
 */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await tinyPng();
  const iend = png.length - 12;
  const padLength = size - png.length - 12;
  if (padLength < 0) throw new Error(`a PNG cannot be ${size} bytes`);
  const type = Buffer.from('faKe', 'ascii');
  const data = Buffer.alloc(padLength, 0x61);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(padLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  const out = Buffer.concat([png.subarray(0, iend), length, type, data, crc, png.subarray(iend)]);
  if (out.length !== size) throw new Error(`built ${out.length} bytes, wanted ${size}`);
  return out;
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; content: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----portal-faults-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
