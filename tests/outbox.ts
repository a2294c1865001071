import fs from "node:fs";
import path from "node:path";

/**
 * The .eml files in an outbox (DATA_DIR/outbox, where mail goes without SMTP_URL) addressed to
 * `email`, oldest first, with quoted-printable undone (soft line breaks and the encoded "=").
 */
export function mailsTo(outbox: string, email: string): string[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
    .filter((eml) => eml.includes(`To: ${email}`))
    .map((eml) => eml.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}
