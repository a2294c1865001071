// E-mail change with re-verification: a link to the new address (the change happens when it is
// followed, so nobody takes an address they cannot read) and a notice to the old one.
import { verify } from "@node-rs/argon2";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES, type AccountStatus } from "../../../common/contract/account";
import { paths } from "../../../common/paths";
import type { Db } from "../../../db/client";
import { authTokens, users } from "../../../db/schema";
import { isUniqueViolation } from "../../lib/database-errors";
import { badRequest, conflict } from "../../lib/http-error";
import type { UserRow } from "../../lib/session-guards";
import { recordAccess } from "../access-log/access-log";
import { consumeToken, issueToken, voidMailedLinks } from "../auth/auth-tokens";
import { greetingName, hello, layout, type MailContext } from "../mail/templates";

export const EMAIL_CHANGE_TTL_MS = 48 * 60 * 60 * 1000;

type App = Pick<FastifyInstance, "db" | "config" | "mailer">;

/** Whether another account holds this address (unique case-insensitively). */
async function emailTaken(db: Db, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  return !!row;
}

/** The e-mail change waiting for its link, if any (the newest unused, unexpired one). */
export async function pendingEmailChange(
  db: Db,
  userId: number,
): Promise<AccountStatus["pending_email_change"]> {
  const [row] = await db
    .select({ newEmail: authTokens.newEmail, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, "email_change"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.newEmail ? { new_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
}

/** 'Cancelar troca': the link already mailed stops working. */
export async function cancelEmailChange(db: Db, userId: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.purpose, "email_change"), isNull(authTokens.usedAt)),
    );
}

/**
 * Checks the password and the new address, then mails the link (a new request voids the older
 * link) to the new address and a notice to the old one. Nothing changes on the account yet.
 */
export async function requestEmailChange(
  app: App,
  user: UserRow,
  input: { newEmail: string; currentPassword: string },
): Promise<void> {
  if (!user.passwordHash) throw badRequest(ACCOUNT_MESSAGES.emailNoPassword);
  const ok = await verify(user.passwordHash, input.currentPassword).catch(() => false);
  if (!ok) {
    throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword, {
      current_password: ACCOUNT_MESSAGES.wrongCurrentPassword,
    });
  }
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw badRequest(ACCOUNT_MESSAGES.emailSameAsCurrent, { new_email: ACCOUNT_MESSAGES.emailSameAsCurrent });
  }
  if (await emailTaken(app.db, newEmail, user.id)) {
    throw conflict(ACCOUNT_MESSAGES.emailTaken, { new_email: ACCOUNT_MESSAGES.emailTaken });
  }
  // Issued now (not by the mail queue): the profile shows the pending change at once.
  const token = await issueToken(app.db, user.id, "email_change", EMAIL_CHANGE_TTL_MS, newEmail);
  const context: MailContext = { appName: app.config.appName, publicUrl: app.config.publicUrl };
  // Neither address may have been proven: the mails carry only what the account proved (see
  // greetingName), never the new address to an old one nobody proved.
  app.mailer.send(emailChangeLinkMail(context, { to: newEmail, token }));
  app.mailer.send(
    emailChangeNoticeMail(context, {
      to: user.email,
      firstName: greetingName(user),
      newEmail: user.emailVerifiedAt ? newEmail : null,
    }),
  );
}

const LINK_REFUSALS = {
  invalid: ACCOUNT_MESSAGES.emailChangeLinkInvalid,
  expired: ACCOUNT_MESSAGES.emailChangeLinkExpired,
  used: ACCOUNT_MESSAGES.emailChangeLinkUsed,
} as const;

/**
 * Follows the link: in one transaction the token is spent, the address checked free again and made
 * the account's (verified, as the link proved it), the links mailed to the old address voided, and
 * the access log written. An address taken
 * meanwhile rolls everything back.
 */
export async function confirmEmailChange(app: App, request: FastifyRequest, token: string): Promise<UserRow> {
  try {
    return await app.db.transaction(async (tx) => {
      const result = await consumeToken(tx, token, "email_change");
      if (!result.ok) throw badRequest(LINK_REFUSALS[result.reason]);
      const newEmail = result.newEmail;
      if (!newEmail) throw badRequest(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
      if (await emailTaken(tx, newEmail, result.userId)) {
        throw conflict(ACCOUNT_MESSAGES.emailChangeTakenMeanwhile);
      }
      const [user] = await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, result.userId))
        .returning();
      if (!user) throw badRequest(ACCOUNT_MESSAGES.emailChangeLinkInvalid);
      // Links mailed to the old address (a password reset, say) stop working with it.
      await voidMailedLinks(tx, user.id);
      await recordAccess(tx, request, { userId: user.id, email: newEmail, event: "email_change" });
      return user;
    });
  } catch (error) {
    // Two accounts confirming the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.emailChangeTakenMeanwhile);
    throw error;
  }
}

/** To the new address, which nobody has proven yet: nothing in it that the account holder wrote. */
export function emailChangeLinkMail(context: MailContext, input: { to: string; token: string }) {
  const url = `${context.publicUrl}${paths.confirmEmail}?token=${encodeURIComponent(input.token)}`;
  return layout(context, input.to, `Confirme seu novo email no ${context.appName}`, {
    greeting: hello(""),
    paragraphs: [
      `Você pediu para usar este endereço na sua conta do ${context.appName}.`,
      "Para concluir a troca, use o link abaixo. Ele vale por 48 horas e pode ser usado uma única vez.",
    ],
    action: { label: "Confirmar novo email", url },
    footer: "Se você não pediu a troca, ignore este email: nada muda na conta.",
  });
}

export function emailChangeNoticeMail(
  context: MailContext,
  input: { to: string; firstName: string; newEmail: string | null },
) {
  return layout(context, input.to, `Pedido de troca de email no ${context.appName}`, {
    greeting: hello(input.firstName),
    paragraphs: [
      input.newEmail
        ? `Recebemos um pedido para trocar o email da sua conta no ${context.appName} para ${input.newEmail}.`
        : `Recebemos um pedido para trocar o email da sua conta no ${context.appName} para outro endereço.`,
      "A troca só acontece quando o link enviado ao novo endereço for aberto. Até lá, nada muda.",
      "Se não foi você, troque sua senha agora e cancele o pedido no seu perfil.",
    ],
    action: { label: "Revisar minha conta", url: `${context.publicUrl}${paths.profile}` },
    footer: "Este aviso foi enviado ao endereço atual da conta por segurança.",
  });
}
