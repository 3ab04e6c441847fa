import { config } from 'zod';

/**
 * The portal's pages run under a Content-Security-Policy without 'unsafe-eval'. Zod would probe `new Function`
 * on the first parse of an object schema (to compile a faster parser); the browser reports that probe as a
 * CSP violation on every page even though Zod catches the refusal. The interpreted parser is what runs under
 * this CSP anyway, so saying so up front changes nothing but the report. Loaded with every lazy screen (see
 * ui/lazyScreen.tsx), before any form parses, and kept out of the landing page's bundle.
 */
config({ jitless: true });
