import { randomInt } from "node:crypto";
import {
  RANDOM_CODE_ALPHABET,
  RANDOM_CODE_LENGTH,
  SHORT_URL_MESSAGES,
  type ShortenedUrl,
} from "../../../common/contract/shortened-urls";
import { isReserved } from "../../../common/reserved";
import type { Db } from "../../../db/client";
import type { RedirectRule } from "../../../db/schema";
import { isUniqueViolation } from "../../lib/database-errors";
import { HttpError } from "../../lib/http-error";
import { hashPassword } from "../auth/auth.service";
import type { DomainAccess, DomainRegistry } from "../domains/domain-registry";
import { insertUnlessCodeTaken, type ShortenedUrlRow } from "./shortened-urls.queries";

/** A crypto-random code from the unambiguous alphabet (randomInt has no modulo bias). */
export function randomCode(): string {
  let code = "";
  for (let i = 0; i < RANDOM_CODE_LENGTH; i++)
    code += RANDOM_CODE_ALPHABET[randomInt(RANDOM_CODE_ALPHABET.length)];
  return code;
}

/** The domain a new short link goes on: the default when none is asked for, 400 when not allowed. */
export function chooseDomainId(
  registry: DomainRegistry,
  plan: DomainAccess,
  requested: number | null | undefined,
) {
  if (requested == null) return registry.default.id;
  if (!registry.isSelectable(plan, requested)) {
    throw new HttpError(400, SHORT_URL_MESSAGES.domainUnavailable, {
      custom_domain_id: SHORT_URL_MESSAGES.domainUnavailable,
    });
  }
  return requested;
}

export type NewShortLink = {
  userId: number;
  domainId: number;
  originalUrl: string;
  title: string | null;
  customCode: string | null;
  expiresAt: Date | null;
  /** The power options (rules, click limit, expiry, password); absent: none. The password arrives hashed (hashLinkPassword). */
  rules?: RedirectRule[];
  clickLimit?: number | null;
  expiredUrl?: string | null;
  passwordHash?: string | null;
  /** "Abrir no app"; absent: on. */
  openInApp?: boolean;
};

const RANDOM_ATTEMPTS = 8;

/**
 * Creates the short link. A custom code taken on the domain is a 409 (the unique index decides, so
 * two racing requests cannot both get it); a random code that collides is simply drawn again.
 */
export async function createShortenedUrl(db: Db, input: NewShortLink): Promise<ShortenedUrlRow> {
  const values = {
    userId: input.userId,
    domainId: input.domainId,
    originalUrl: input.originalUrl,
    title: input.title,
    expiresAt: input.expiresAt,
    rules: input.rules ?? [],
    clickLimit: input.clickLimit ?? null,
    expiredUrl: input.expiredUrl ?? null,
    passwordHash: input.passwordHash ?? null,
    openInApp: input.openInApp ?? true,
  };
  if (input.customCode) {
    try {
      const row = await insertUnlessCodeTaken(db, { ...values, shortCode: input.customCode });
      if (row) return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    throw new HttpError(409, SHORT_URL_MESSAGES.codeTaken, { custom_code: SHORT_URL_MESSAGES.codeTaken });
  }
  for (let attempt = 0; attempt < RANDOM_ATTEMPTS; attempt++) {
    const code = randomCode();
    if (isReserved(code)) continue;
    const row = await insertUnlessCodeTaken(db, { ...values, shortCode: code });
    if (row) return row;
  }
  // 8 collisions in a row in a space of 1.9e12 codes: something else is wrong.
  throw new HttpError(503, SHORT_URL_MESSAGES.shortenFailed);
}

export function toShortenedUrl(row: ShortenedUrlRow): ShortenedUrl {
  return {
    id: row.id,
    original_url: row.originalUrl,
    title: row.title,
    short_code: row.shortCode,
    custom_domain_id: row.domainId,
    click_count: row.clickCount,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    rules: row.rules,
    click_limit: row.clickLimit,
    limit_used: row.limitUsed,
    expired_url: row.expiredUrl,
    has_password: row.passwordHash !== null,
    open_in_app: row.openInApp,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A link's password as stored: argon2id, like account passwords; null or absent stays as given. */
export async function hashLinkPassword(password: string | null | undefined) {
  if (password === undefined) return undefined;
  return password === null ? null : hashPassword(password);
}
