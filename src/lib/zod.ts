/**
 * zod for the code the browser runs: its mini build, whose functions tree-shake (the classic build's methods
 * carry every schema kind and its JSON Schema converter onto every page; see docs/decisions/025). zod compiles
 * object parsers with `new Function` when it may; probing for that breaks the pages' CSP (no 'unsafe-eval') and
 * reports a violation. In the browser it runs without the compiler (`jitless`); the server keeps it. Import `z`
 * from here, never from 'zod', in src/: the setting must be made before the first schema is defined, and ES
 * modules run their imports first.
 */
import * as z from 'zod/mini';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
