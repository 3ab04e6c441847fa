import { z } from 'zod';
import { IsoDate } from '../common';

export const Picture = z.object({
  picture_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  file_url: z.string(),
  file_size: z.number().int().nonnegative().describe('bytes'),
  created_at: IsoDate,
});
export type Picture = z.infer<typeof Picture>;
