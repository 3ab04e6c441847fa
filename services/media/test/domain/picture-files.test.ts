import {
  downloadName,
  isPictureId,
  pictureKeys,
  pictureView,
  renditionFileName,
  renditionKeyOf,
} from '../../src/domain/picture-files';

const ID = '3f1c2a9e-1b2c-4d5e-8f90-123456789abc';
const RANDOM = 'a1b2c3d4e5f60718293a4b5c';

describe('picture files', () => {
  it('When keys are made for an upload, Then all sit in the picture folder and only renditions have public names', () => {
    const keys = pictureKeys(ID, RANDOM, 'jpg');

    expect(keys).toEqual({
      original: `pictures/${ID}/${RANDOM}-original.jpg`,
      thumbnail: `pictures/${ID}/${RANDOM}-320.webp`,
      preview: `pictures/${ID}/${RANDOM}-800.webp`,
    });
    expect(renditionFileName(keys.thumbnail)).toBe(`${ID}-${RANDOM}-320.webp`);
    expect(() => renditionFileName(keys.original)).toThrow();
  });

  it('When a public name is mapped back, Then a rendition name gives its key and anything else gives null', () => {
    expect(renditionKeyOf(`${ID}-${RANDOM}-800.webp`)).toBe(`pictures/${ID}/${RANDOM}-800.webp`);
    for (const name of [
      `${ID}-${RANDOM}-original.jpg`,
      `${ID}-${RANDOM}-640.webp`,
      `${ID}-${RANDOM}-320.png`,
      `..-${RANDOM}-320.webp`,
      `${ID}-${RANDOM}-320.webp/..`,
      `${ID}-${RANDOM.slice(1)}-320.webp`,
    ])
      expect(renditionKeyOf(name)).toBeNull();
  });

  it('When an id is not a UUID, Then it is not a picture id', () => {
    expect(isPictureId(ID)).toBe(true);
    expect(isPictureId('1')).toBe(false);
    expect(isPictureId(`${ID}/../x`)).toBe(false);
  });

  it('When a picture is shown, Then every URL is a rendition and file_url is the 800 px one', () => {
    const keys = pictureKeys(ID, RANDOM, 'png');
    const view = pictureView({
      picture_id: ID,
      title: 'Blind',
      description: null,
      category: 'Field',
      original_key: keys.original,
      original_name: 'blind.png',
      content_type: 'image/png',
      file_size: 1234,
      thumbnail_key: keys.thumbnail,
      preview_key: keys.preview,
      created_at: new Date('2026-01-02T03:04:05Z'),
    });

    expect(view).toEqual({
      picture_id: ID,
      title: 'Blind',
      description: null,
      category: 'Field',
      file_url: `/api/picture-files/${ID}-${RANDOM}-800.webp`,
      preview_url: `/api/picture-files/${ID}-${RANDOM}-800.webp`,
      thumbnail_url: `/api/picture-files/${ID}-${RANDOM}-320.webp`,
      file_size: 1234,
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('When the upload had no name, Then the download is named from the title and type', () => {
    expect(downloadName('  ', 'Fall / Blind "2"', 'jpg')).toBe('Fall  Blind 2.jpg');
    expect(downloadName('', '***', 'png')).toBe('picture.png');
    expect(downloadName('dawn.jpg', 'x', 'jpg')).toBe('dawn.jpg');
  });
});
