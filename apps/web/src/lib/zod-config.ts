import { config } from 'zod';

// Zod compiles its parsers with `new Function` when the page allows it, and probes for that on first use. The
// Content-Security-Policy forbids eval, and the browser reports even a refused probe as a policy violation, so
// the parsers run without compilation from the start.
config({ jitless: true });
