/** "1 second", "40 seconds", "3 minutes": how long a throttled caller must wait, rounded up. */
export function waitPhrase(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const seconds = Math.max(1, retryAfterSeconds);
    return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
