/** The product's name in the web app's copy (the server's APP_NAME names it in server-rendered pages). */
export const APP_NAME = "Atalho";

/**
 * Where privacy requests and the data protection officer (encarregado, LGPD art. 41) are reached:
 * the support address the pricing FAQ already publishes, until a mailbox of its own exists.
 */
export const PRIVACY_CONTACT_EMAIL = "suporte@atalho.com.br";
