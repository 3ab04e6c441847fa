import Bowser from 'bowser';

/**
 * The browser and system a User-Agent names, as a person reads it ("Chrome on macOS"), or null when it names
 * neither. Read with bowser (a maintained parser), never by hand.
 */
export function browserLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || null;
}
