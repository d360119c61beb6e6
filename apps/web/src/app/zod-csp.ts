import { z } from "zod";

// Zod compiles fast object parsers with `new Function` when it can, and probes for that by trying it
// once. The site's content security policy forbids `eval` (no 'unsafe-eval'), so the probe is refused
// and reported as a violation on every load even though Zod catches the error (issue 15, finding 12).
// Jitless parsing never tries: the same results, without the probe. Imported first by main.tsx.
z.config({ jitless: true });
