export type MessageTone = 'error' | 'success';

/** The spec's rule: a message containing "Error" (any case) is an error, anything else a success. */
export function messageTone(text: string): MessageTone {
  return /error/i.test(text) ? 'error' : 'success';
}
