import type { Picture } from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import { useAppDispatch } from '../../app/hooks';

interface PictureUploadState {
  /** percent of the file sent (0 to 100) while uploading, else null */
  percent: number | null;
  /** sends the form; resolves with the stored picture, rejects with the call's failure */
  upload: (form: FormData) => Promise<Picture>;
  /** stops an upload under way (its promise rejects) */
  cancel: () => void;
}

/**
 * The admin's picture upload with progress: XMLHttpRequest (RTK Query's fetch reports no upload progress) with
 * the session's token; a success refreshes the picture lists.
 */
export function usePictureUpload(): PictureUploadState {
  const dispatch = useAppDispatch();
  const [percent, setPercent] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const upload = useCallback(
    async (form: FormData) => {
      const controller = new AbortController();
      running.current = controller;
      setPercent(0);
      try {
        const reply = await dispatch(
          uploadWithProgress(
            'admin.uploadPicture',
            { body: form },
            {
              onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
              invalidatesTags: ['Pictures'],
              signal: controller.signal,
            },
          ),
        );
        return reply.picture;
      } finally {
        if (running.current === controller) running.current = null;
        setPercent(null);
      }
    },
    [dispatch],
  );

  const cancel = useCallback(() => running.current?.abort(), []);

  return { percent, upload, cancel };
}
