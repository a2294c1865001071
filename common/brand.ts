/** The product's name in the web app's copy (the server's APP_NAME names it in server-rendered pages). */
export const APP_NAME = "Atalho";

/** The support address: the pricing FAQ, and 'Fale conosco' when this server takes no payments. */
export const SUPPORT_EMAIL = "suporte@atalho.com.br";

/**
 * Where privacy requests and the data protection officer (encarregado, LGPD art. 41) are reached:
 * the support address, until a mailbox of its own exists.
 */
export const PRIVACY_CONTACT_EMAIL = SUPPORT_EMAIL;

/**
 * The brand's action colour (the web's `--color-brand-600` in web/styles.css, blue-600) where
 * Tailwind does not reach: the e-mails' buttons. White text on it has a contrast of 5.2:1 (AA).
 */
export const BRAND_COLOR = "#2563eb";
