import { siPix } from "simple-icons";
import { type ButtonStyle, readButtonStyle, resolveButtonStyle } from "../button-style";
import {
  consentTagOf,
  defaultConsentText,
  LEAD_FIELD_LABELS,
  LEAD_FORM_DEFAULTS,
  LEAD_FORM_FIELDS,
  LEAD_LIMITS,
} from "../contract/leads";
import type { LinkBioBlock } from "../contract/link-bio-view";
import type { BlockData, LeadField } from "../contract/link-blocks";
import { formatBRL } from "../money";
import { recognizeEmbed } from "./embeds";
import { escapeHtml } from "./escape-html";
import { staticPixBrCode } from "./pix-br-code";
import { qrCodeSvg } from "./qr-code-svg";
import { buttonCss, imageSrc, isSafeHref, isSafeImageSrc } from "./render-style";
import { socialIconSvg } from "./social-icons";
import { SOCIAL_NETWORK_INFO } from "./social-networks";
import { whatsAppUrl } from "./whatsapp";

/**
 * The markup of each block type (common/contract/link-blocks.ts), for render.ts. Every element that
 * leads somewhere carries `data-link-id` (the block's id), which the public page's script reports as
 * a click; the vCard link does not: the server counts it when it serves the card.
 */

export type BlockContext = {
  /** The page's button style (checked): links override it, the other buttons wear it. */
  pageStyle: Partial<ButtonStyle>;
  /** h2 on the public page (under its h1); h3 in the editor's preview, whose host has the h2. */
  headingTag: "h2" | "h3";
  /** Where "Salvar contato" downloads the block's vCard; without it the card has no link. */
  contactHref?: (blockId: number) => string;
  /**
   * Inside a social app's in-app browser (issue 36): where a link block with "Abrir no app" on
   * sends the visitor instead of its URL, the server's escape (which counts the click itself).
   */
  openInAppHref?: (blockId: number) => string;
  /** The page's title: the default consent text names it. */
  pageTitle: string;
  /**
   * Where a contact form posts (`/p/{slug}/leads`); without it (the editor's preview) the form is
   * drawn the same but is no form: nothing to submit.
   */
  formAction?: string;
  /** A refused submission shown again: its form's values and errors. */
  formState?: LeadFormState;
};

/** A contact form's refused submission: what the visitor typed, and the error of each field. */
export type LeadFormState = {
  blockId: number;
  values: Partial<Record<LeadField, string>>;
  /** By field name (a contact field, or `consent`): the pt-BR message. */
  errors: Partial<Record<LeadField | "consent", string>>;
};

/** Escaped text; a field missing from a half-typed editor form draws as nothing, not as a crash. */
const e = (value: string | number | null | undefined) => escapeHtml(String(value ?? ""));

const NEW_TAB = ' target="_blank" rel="noopener noreferrer nofollow"';

/** The play mark of the embed facade (ours: a triangle). */
const PLAY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="28" height="28" fill="currentColor" aria-hidden="true" focusable="false"><path d="M8 5.14v13.72a1 1 0 0 0 1.5.86l11-6.86a1 1 0 0 0 0-1.72l-11-6.86A1 1 0 0 0 8 5.14z"/></svg>';

/** The Pix mark (simple-icons, CC0), in the button's text colour. */
const PIX_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false"><path d="${siPix.path}"/></svg>`;

export function blockHtml(block: LinkBioBlock, context: BlockContext): string {
  const id = Number(block.id) || 0;
  switch (block.type) {
    case "link":
      return linkHtml(id, block.data, context);
    case "header":
      return `<${context.headingTag} class="lb-header">${e(block.data.text)}</${context.headingTag}>`;
    case "text":
      return `<p class="lb-text">${e(block.data.text)}</p>`;
    case "divider":
      return `<hr class="lb-divider">`;
    case "image":
      return imageHtml(id, block.data);
    case "social":
      return socialHtml(id, block.data);
    case "embed":
      return embedHtml(id, block.data);
    case "whatsapp":
      return whatsappHtml(id, block.data, context);
    case "pix":
      return pixHtml(id, block.data, context);
    case "contact":
      return contactHtml(id, block.data, context);
    case "faq":
      return faqHtml(block.data);
    case "form":
      return formHtml(id, block.data, context);
    default:
      return "";
  }
}

function buttonClasses(style: ButtonStyle): string {
  return `lb-btn lb-hover-${style.hoverEffect} lb-anim-${style.animation}`;
}

function linkHtml(id: number, data: BlockData<"link">, context: BlockContext): string {
  const style = resolveButtonStyle(context.pageStyle, readButtonStyle(data.custom_style ?? {}));
  const highlight = data.highlight ? " lb-highlight" : "";
  const css = `style="${e(buttonCss(style))}"`;
  if (context.openInAppHref && data.open_in_app !== false && isSafeHref(data.url)) {
    // Same tab: an in-app browser hands an intent or an app's address on from the page it is in.
    return `<a class="${buttonClasses(style)}${highlight}" href="${e(context.openInAppHref(id))}" ${css}>${e(data.title)}</a>`;
  }
  const href = isSafeHref(data.url) ? ` href="${e(data.url)}"` : "";
  return `<a class="${buttonClasses(style)}${highlight}"${href}${NEW_TAB} data-link-id="${id}" ${css}>${e(data.title)}</a>`;
}

function imageHtml(id: number, data: BlockData<"image">): string {
  if (!isSafeImageSrc(data.image_url)) return "";
  const image = `<img class="lb-image" src="${e(imageSrc(data.image_url))}" alt="${e(data.alt)}" loading="lazy" decoding="async">`;
  const inner = isSafeHref(data.link_url)
    ? `<a class="lb-image-link" href="${e(data.link_url)}"${NEW_TAB} data-link-id="${id}">${image}</a>`
    : image;
  return `<div class="lb-image-block">${inner}</div>`;
}

// The address is escaped in the attribute: only what could end it or break the URL is refused
// (o'brien@exemplo.com.br is an address).
const MAILTO = /^mailto:[^\s<>"\\]+@[^\s<>"\\]+$/i;

function socialHtml(id: number, data: BlockData<"social">): string {
  const items = (data.items ?? []).flatMap((item) => {
    if (!Object.hasOwn(SOCIAL_NETWORK_INFO, item.network)) return [];
    const mail = MAILTO.test(item.url);
    if (!mail && !isSafeHref(item.url)) return [];
    return [
      `<li><a class="lb-social-link" href="${e(item.url)}"${mail ? "" : NEW_TAB} ` +
        `aria-label="${e(SOCIAL_NETWORK_INFO[item.network].label)}" data-link-id="${id}">` +
        `${socialIconSvg(item.network, 28)}</a></li>`,
    ];
  });
  return items.length ? `<ul class="lb-social" aria-label="Redes sociais">${items.join("")}</ul>` : "";
}

/**
 * A facade of ours: nothing on the page asks the provider for anything (no thumbnail, no script).
 * The page's script swaps it for the player (`data-embed-src`) on the tap; without JavaScript the
 * link under it opens the content on the provider's site.
 */
function embedHtml(id: number, data: BlockData<"embed">): string {
  const embed = typeof data.url === "string" ? recognizeEmbed(data.url) : null;
  if (!embed) return "";
  const { frame } = embed;
  const title = data.title || `${"height" in frame ? "Música" : "Vídeo"} no ${embed.providerName}`;
  // The player's box, kept by the iframe that replaces the facade (it takes its class and style).
  const [boxClass, boxStyle] =
    "height" in frame
      ? ["lb-frame-audio", ` style="height:${Math.round(frame.height) || 152}px"`]
      : [frame.aspectRatio === "9 / 16" ? "lb-frame-tall" : "lb-frame-wide", ""];
  return (
    `<div class="lb-embed-block">` +
    `<button type="button" class="lb-embed ${boxClass}"${boxStyle} data-link-id="${id}" ` +
    `data-embed-src="${e(embed.embedUrl)}" data-embed-allow="${e(embed.allow)}" data-embed-title="${e(title)}">` +
    `<span class="lb-embed-play" aria-hidden="true">${PLAY_SVG}</span>` +
    `<span class="lb-embed-title"><span class="lb-sr">Reproduzir: </span>${e(title)}</span>` +
    `<span class="lb-embed-provider">${e(embed.providerName)}</span></button>` +
    `<a class="lb-embed-open" href="${e(embed.pageUrl)}"${NEW_TAB} data-link-id="${id}">` +
    `Abrir no ${e(embed.providerName)}</a></div>`
  );
}

function whatsappHtml(id: number, data: BlockData<"whatsapp">, context: BlockContext): string {
  const style = resolveButtonStyle(context.pageStyle, undefined);
  const href = whatsAppUrl(data.phone ?? "", data.message);
  return (
    `<a class="${buttonClasses(style)} lb-wa" href="${e(href)}"${NEW_TAB} data-link-id="${id}" ` +
    `style="${e(buttonCss(style))}"><span class="lb-btn-icon">${socialIconSvg("whatsapp", 20)}</span>` +
    `${e(data.label || "Chamar no WhatsApp")}</a>`
  );
}

/**
 * The Pix button opens, in place and without script, the QR code and the "Pix Copia e Cola" text
 * of a static BR Code computed here; only the copy button needs the page's script.
 */
function pixHtml(id: number, data: BlockData<"pix">, context: BlockContext): string {
  let code: string;
  try {
    code = staticPixBrCode({
      key: data.key,
      name: data.name,
      city: data.city,
      amountCents: data.amount_cents,
      description: data.description,
    });
  } catch {
    // Only data the contract refuses gets here (a half-typed form in the editor): no code to show.
    return "";
  }
  const style = resolveButtonStyle(context.pageStyle, undefined);
  const amount = data.amount_cents
    ? `<span class="lb-pix-amount">${e(formatBRL(data.amount_cents))}</span>`
    : "";
  const codeId = `lb-pix-${id}`;
  return (
    `<details class="lb-pix">` +
    `<summary class="${buttonClasses(style)} lb-pix-summary" style="${e(buttonCss(style))}">` +
    `<span class="lb-btn-icon">${PIX_SVG}</span>${e(data.label || "Pagar com Pix")}${amount}</summary>` +
    `<div class="lb-pix-panel">` +
    qrCodeSvg(code, "QR Code Pix") +
    `<p class="lb-pix-to"><strong>${e(data.name)}</strong><br>${e(data.city)}</p>` +
    (data.description ? `<p class="lb-pix-note">${e(data.description)}</p>` : "") +
    `<p class="lb-pix-hint">Leia o QR Code no app do seu banco, ou copie o código e cole em “Pix Copia e Cola”.</p>` +
    `<label class="lb-pix-label" for="${codeId}">Pix Copia e Cola</label>` +
    `<textarea class="lb-pix-code" id="${codeId}" readonly rows="3" spellcheck="false">${e(code)}</textarea>` +
    `<button type="button" class="lb-copy" data-copy="${e(code)}" data-link-id="${id}" aria-live="polite">` +
    `Copiar código Pix</button></div></details>`
  );
}

function contactHtml(id: number, data: BlockData<"contact">, context: BlockContext): string {
  const style = resolveButtonStyle(context.pageStyle, undefined);
  const save = context.contactHref
    ? `<a class="${buttonClasses(style)} lb-contact-save" href="${e(context.contactHref(id))}" ` +
      `style="${e(buttonCss(style))}">Salvar contato</a>`
    : "";
  return (
    `<div class="lb-card lb-contact">` +
    `<p class="lb-contact-name">${e(data.name)}</p>` +
    (data.organization ? `<p class="lb-contact-org">${e(data.organization)}</p>` : "") +
    `${save}</div>`
  );
}

function faqHtml(data: BlockData<"faq">): string {
  const items = (data.items ?? []).map(
    (item) =>
      `<details class="lb-faq-item"><summary>${e(item.question)}</summary>` +
      `<p class="lb-faq-answer">${e(item.answer)}</p></details>`,
  );
  return items.length ? `<div class="lb-faq">${items.join("")}</div>` : "";
}

/** The consent text a form shows, and the text a visitor's consent is recorded against. */
export function formConsentText(data: Pick<BlockData<"form">, "consent_text">, pageTitle: string): string {
  return data.consent_text || defaultConsentText(pageTitle);
}

/** What a form's visitor reads once their answers are in. */
export const formThankYouText = (data: Pick<BlockData<"form">, "thank_you">) =>
  data.thank_you || LEAD_FORM_DEFAULTS.thankYou;

const FIELD_INPUTS: Record<LeadField, string> = {
  name: `type="text" autocomplete="name" maxlength="${LEAD_LIMITS.name}"`,
  email: `type="email" autocomplete="email" inputmode="email" maxlength="${LEAD_LIMITS.email}" spellcheck="false" autocapitalize="off"`,
  whatsapp: `type="tel" inputmode="tel" autocomplete="tel" maxlength="${LEAD_LIMITS.whatsapp}" placeholder="(11) 98765-4321"`,
};

/**
 * A contact form (the visitor's side of issue 37's leads): the picked fields, a honeypot people do
 * not see, an unticked consent box labelled by the exact text recorded with the answers, and the
 * page's button. It posts form-encoded without script (`novalidate`: the server's pt-BR messages,
 * not the browser's); the page's script submits it in place. Errors go in its role="alert" box.
 */
function formHtml(id: number, data: BlockData<"form">, context: BlockContext): string {
  const style = resolveButtonStyle(context.pageStyle, undefined);
  const state = context.formState?.blockId === id ? context.formState : undefined;
  const errors = state?.errors ?? {};
  const prefix = `lb-form-${id}`;
  const alertId = `${prefix}-alert`;
  const fields = (Array.isArray(data.fields) ? data.fields : []).filter((field) =>
    Object.hasOwn(LEAD_FIELD_LABELS, field),
  );
  // The first field in error takes the focus on a refused page (without script it loads at the top).
  const firstInvalid = [...fields, "consent" as const].find((field) => errors[field]);
  const invalid = (field: LeadField | "consent") =>
    errors[field] ? ` aria-invalid="true"${field === firstInvalid ? " autofocus" : ""}` : "";
  const inputs = [...new Set(fields)].map((field) => {
    const inputId = `${prefix}-${field}`;
    const hint = field === "whatsapp" ? `<span class="lb-hint" id="${inputId}-hint">Com DDD</span>` : "";
    const describedBy = [hint && `${inputId}-hint`, errors[field] && alertId].filter(Boolean).join(" ");
    return (
      `<div class="lb-field"><label for="${inputId}">${e(LEAD_FIELD_LABELS[field])}</label>` +
      `<input class="lb-input" id="${inputId}" name="${LEAD_FORM_FIELDS[field]}" ${FIELD_INPUTS[field]}` +
      `${describedBy ? ` aria-describedby="${describedBy}"` : ""}${invalid(field)} value="${e(state?.values[field])}">` +
      `${hint}</div>`
    );
  });
  const messages = [...new Set(Object.values(errors))].map((message) => `<p>${e(message)}</p>`).join("");
  const titleId = `${prefix}-title`;
  const consent = formConsentText(data, context.pageTitle);
  const tag = context.formAction ? "form" : "div";
  const attributes = context.formAction
    ? ` method="post" action="${e(context.formAction)}" novalidate aria-labelledby="${titleId}"`
    : "";
  return (
    `<${tag} class="lb-card lb-form" id="${prefix}"${attributes}>` +
    `<${context.headingTag} class="lb-form-title" id="${titleId}">${e(data.title)}</${context.headingTag}>` +
    `<input type="hidden" name="${LEAD_FORM_FIELDS.blockId}" value="${id}">` +
    inputs.join("") +
    // The honeypot: off-screen, out of the tab order and the accessibility tree, never autofilled.
    `<div class="lb-hp" aria-hidden="true"><label for="${prefix}-hp">Deixe este campo em branco</label>` +
    `<input id="${prefix}-hp" name="${LEAD_FORM_FIELDS.honeypot}" type="text" tabindex="-1" autocomplete="off"></div>` +
    `<div class="lb-consent"><input id="${prefix}-consent" name="${LEAD_FORM_FIELDS.consent}" type="checkbox"` +
    `${errors.consent ? ` aria-describedby="${alertId}"` : ""}${invalid("consent")}>` +
    `<label for="${prefix}-consent">${e(consent)}</label></div>` +
    `<input type="hidden" name="${LEAD_FORM_FIELDS.consentTag}" value="${consentTagOf(consent)}">` +
    `<div class="lb-form-alert" id="${alertId}" role="alert">${messages}</div>` +
    `<button type="${context.formAction ? "submit" : "button"}" class="${buttonClasses(style)} lb-form-submit" ` +
    `style="${e(buttonCss(style))}">${e(data.button_text || LEAD_FORM_DEFAULTS.buttonText)}</button>` +
    `</${tag}>`
  );
}
