import { z } from 'zod';
import { IsoDate } from '../common';

export const Picture = z.object({
  picture_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  /** the picture to show at full view: its 800 px WebP rendition (the original is only ever downloaded) */
  file_url: z.string(),
  /** bytes of the original upload */
  file_size: z.number().int().nonnegative().describe('bytes'),
  created_at: IsoDate,
  /** beyond the spec: the 320 px WebP rendition, for grids */
  thumbnail_url: z.string(),
  /** beyond the spec: the 800 px WebP rendition, for the preview modal (the same as file_url) */
  preview_url: z.string(),
});
export type Picture = z.infer<typeof Picture>;
