import type { FilePart, ImageKind } from '@portal/contracts';
import { checkUpload, detectImageKind } from '../../src/storage';
import { IMAGES } from './image-fixtures';

const FIVE_MB = 5_242_880;

/** The dealer header image, as the spec describes it. */
const headerImage: FilePart = {
  field: 'image',
  maxBytes: FIVE_MB,
  kinds: ['png', 'jpeg', 'gif', 'webp'],
  required: true,
  messages: {
    tooLarge: 'Error: Image file must be less than 5MB',
    wrongKind: 'Error: Please select an image file',
    missing: 'Error: Please select an image first',
  },
};

/** Multer's shape for an in-memory upload: the bytes and the size. */
const upload = (buffer: Buffer) => ({ buffer, size: buffer.length });

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'utf8',
);

describe('checkUpload', () => {
  it.each(Object.entries(IMAGES) as Array<[ImageKind, Buffer]>)(
    'When a real %s image is uploaded, Then it is accepted with its detected kind',
    (kind, bytes) => {
      expect(checkUpload(upload(bytes), headerImage)).toEqual({ kind, contentType: `image/${kind}` });
    },
  );

  it('When a text file named photo.png is uploaded, Then it is refused with 415 and the wrong-kind message', () => {
    const textNamedPng = {
      ...upload(Buffer.from('just some text, not a picture')),
      originalname: 'photo.png',
      mimetype: 'image/png',
    };

    expect(() => checkUpload(textNamedPng, headerImage)).toThrow(
      expect.objectContaining({ status: 415, detail: 'Error: Please select an image file' }),
    );
  });

  it('When an SVG is uploaded, Then it is refused with 415', () => {
    expect(() => checkUpload(upload(SVG), headerImage)).toThrow(expect.objectContaining({ status: 415 }));
  });

  it('When a PNG of 5 MB + 1 byte is uploaded against a 5 MB part, Then it is refused with 413 and the too-large message', () => {
    const big = Buffer.alloc(FIVE_MB + 1);
    IMAGES.png.copy(big);

    expect(() => checkUpload(upload(big), headerImage)).toThrow(
      expect.objectContaining({ status: 413, detail: 'Error: Image file must be less than 5MB' }),
    );
  });

  it('When a PNG of exactly 5 MB is uploaded, Then it is accepted', () => {
    const atLimit = Buffer.alloc(FIVE_MB);
    IMAGES.png.copy(atLimit);

    expect(checkUpload(upload(atLimit), headerImage)?.kind).toBe('png');
  });

  it('When a WebP is uploaded to a part that accepts only JPG, PNG or GIF, Then it is refused with 415', () => {
    const productImage: FilePart = { ...headerImage, kinds: ['jpeg', 'png', 'gif'] };

    expect(() => checkUpload(upload(IMAGES.webp), productImage)).toThrow(expect.objectContaining({ status: 415 }));
  });

  it('When a required file is absent or empty, Then it is refused with 400 and the missing message', () => {
    const missing = expect.objectContaining({ status: 400, detail: 'Error: Please select an image first' });

    expect(() => checkUpload(undefined, headerImage)).toThrow(missing);
    expect(() => checkUpload(upload(Buffer.alloc(0)), headerImage)).toThrow(missing);
  });

  it('When an optional file is absent, Then the check passes with null', () => {
    expect(checkUpload(undefined, { ...headerImage, required: false })).toBeNull();
  });
});

describe('detectImageKind', () => {
  it.each([
    ['an SVG', SVG],
    ['plain text', Buffer.from('hello')],
    ['an empty buffer', Buffer.alloc(0)],
    ['a truncated PNG signature', IMAGES.png.subarray(0, 4)],
    ['a RIFF file that is not WebP (WAV)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['a PDF', Buffer.from('%PDF-1.7\n', 'latin1')],
  ])('When the bytes are %s, Then no image kind is detected', (_name, bytes) => {
    expect(detectImageKind(bytes)).toBeNull();
  });
});
