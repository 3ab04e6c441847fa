import { useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { useUploadMarkerImageMutation } from './mapApi';

/** 001 §8: the marker upload's messages. */
export function markerUploadFailure(error: unknown): string {
  if (isNetworkError(error as never)) return 'Failed to upload marker image. Please try again.';
  return `Failed to upload marker image: ${errorDetail(error as never) || 'Unknown error'}`;
}

/** Uploads a marker image (the form field markerImage); answers its URL, or null with the message set. */
export function useMarkerUpload() {
  const [upload, { isLoading }] = useUploadMarkerImageMutation();
  const [message, setMessage] = useState<string | null>(null);
  const send = async (file: File): Promise<string | null> => {
    setMessage(null);
    const body = new FormData();
    body.append('markerImage', file);
    try {
      const answer = await upload({ body }).unwrap();
      return answer.imageUrl;
    } catch (error) {
      setMessage(markerUploadFailure(error));
      return null;
    }
  };
  return { send, busy: isLoading, message };
}
