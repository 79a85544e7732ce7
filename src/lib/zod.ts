/**
 * zod for the code the browser runs. zod compiles object parsers with `new Function` when it may; probing for
 * that breaks the pages' CSP (no 'unsafe-eval') and reports a violation. In the browser it runs without the
 * compiler (`jitless`); the server keeps it. Import `z` from here, never from 'zod', in src/: the setting must
 * be made before the first schema is defined, and ES modules run their imports first.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
