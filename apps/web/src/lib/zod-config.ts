// Zod compiles its parsers with `new Function` when the page allows it, and probes for that on first use. The
// Content-Security-Policy forbids eval, and the browser reports even a refused probe as a policy violation, so
// the parsers run without compilation from the start. Zod reads its settings from `__zod_globalConfig` on
// globalThis (shared by every copy of zod on a page), so they are set here without loading zod on the first screen.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
