// The one zod import of the project: server and web get pt-BR messages for any rule that does not
// carry its own text.
import { z } from "zod";

z.config(z.locales.ptBR());
// In the browser, no generated code: our CSP (script-src 'self') forbids eval, and zod's probe for
// it (`new Function("")`) is a CSP violation on every page. The server keeps zod's fast path.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
