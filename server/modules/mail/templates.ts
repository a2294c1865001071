import { BRAND_COLOR } from "../../../common/brand";
import { type OutsideAccessRevoked, revokedAccessWords } from "../../../common/contract/account";
import { paths } from "../../../common/paths";
import type { MailMessage } from "./mailer";

export type MailContext = { appName: string; publicUrl: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** One pt-BR message: paragraphs, one button-like link, the closing line; HTML and plain text. */
export function layout(
  context: MailContext,
  to: string,
  subject: string,
  parts: { greeting: string; paragraphs: string[]; action: { label: string; url: string }; footer: string },
): MailMessage {
  const text = [
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    `${parts.action.label}: ${parts.action.url}`,
    "",
    parts.footer,
    "",
    `${context.appName} · ${context.publicUrl}`,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">${e(context.appName)}</p>
<p style="margin:0 0 16px">${e(parts.greeting)}</p>
${parts.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${e(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${e(parts.action.url)}" style="display:inline-block;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${e(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${e(parts.action.url)}</p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b">${e(parts.footer)}</p>
<p style="margin:24px 0 0;font-size:12px;color:#71717a"><a href="${e(context.publicUrl)}" style="color:#71717a">${e(context.appName)}</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const hello = (name: string) => (name.trim() ? `Olá, ${name.trim()}!` : "Olá!");

/**
 * The name to greet an account's address with: none until the address is proven. Anyone can
 * register any address, and a name is whatever they typed ("seu Pix expira hoje, resgate em
 * golpe.example"): mailed to an address nobody proved, it would be their text in our mail.
 */
export const greetingName = (user: { firstName: string; emailVerifiedAt: Date | null }) =>
  user.emailVerifiedAt ? user.firstName : "";

export function passwordResetMail(
  context: MailContext,
  input: { to: string; firstName: string; token: string },
): MailMessage {
  const url = `${context.publicUrl}${paths.resetPassword}?token=${encodeURIComponent(input.token)}`;
  return layout(context, input.to, `Redefinição de senha do ${context.appName}`, {
    greeting: hello(input.firstName),
    paragraphs: [
      `Recebemos um pedido para redefinir a senha da sua conta no ${context.appName}.`,
      "O link abaixo vale por 1 hora e pode ser usado uma única vez.",
      "Ao redefinir, todas as sessões são encerradas, as chaves de API da conta são revogadas e os webhooks desligados: quem teve acesso à conta antes perde esse acesso.",
    ],
    action: { label: "Redefinir minha senha", url },
    footer: "Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.",
  });
}

/** After a reset: what it did, mailed to the address that has just proven itself. */
export function passwordResetDoneMail(
  context: MailContext,
  input: { to: string; firstName: string; revoked: OutsideAccessRevoked },
): MailMessage {
  const words = revokedAccessWords(input.revoked);
  return layout(context, input.to, `Sua senha do ${context.appName} foi redefinida`, {
    greeting: hello(input.firstName),
    paragraphs: [
      `A senha da sua conta no ${context.appName} foi redefinida pelo link enviado a este endereço.`,
      words
        ? `Por segurança, todas as sessões foram encerradas, ${words}. Crie novas chaves e ative de novo os webhooks que são seus no seu perfil.`
        : "Por segurança, todas as sessões foram encerradas. A conta não tinha chaves de API nem webhooks ativos.",
    ],
    action: { label: "Abrir meu perfil", url: `${context.publicUrl}${paths.profile}` },
    footer:
      "Se não foi você, alguém tem acesso a este email: proteja-o e peça uma nova redefinição em 'Esqueceu sua senha?'.",
  });
}

/** To an address nobody has proven yet: nothing in it that the registrant wrote. */
export function emailVerificationMail(
  context: MailContext,
  input: { to: string; token: string },
): MailMessage {
  const url = `${context.publicUrl}${paths.verifyEmail}?token=${encodeURIComponent(input.token)}`;
  return layout(context, input.to, `Confirme seu email no ${context.appName}`, {
    greeting: hello(""),
    paragraphs: [
      `Para confirmar que este email é seu e concluir o cadastro no ${context.appName}, use o link abaixo.`,
    ],
    action: { label: "Confirmar meu email", url },
    footer: "Se você não criou uma conta, ignore este email.",
  });
}
