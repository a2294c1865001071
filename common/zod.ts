// The one zod import of the project: server and web get pt-BR messages for any rule that does not
// carry its own text.
import { z } from "zod";

z.config(z.locales.ptBR());

export { z };
