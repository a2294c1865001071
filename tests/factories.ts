import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "../server/modules/auth/auth.service";

let sequence = 0;
// One hash for every factory user: argon2 is slow on purpose.
let passwordHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = "senha-segura-123";

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  sequence++;
  const [user] = await db
    .insert(users)
    .values({
      email: `pessoa${sequence}-${process.pid}-${Date.now()}@exemplo.com.br`,
      passwordHash: await passwordHash,
      firstName: `Pessoa${sequence}`,
      ...overrides,
    })
    .returning();
  return user!;
}
