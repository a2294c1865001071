/**
 * What a server-rendered screen (landing, legal pages, pricing, auth) puts in <head>: the server
 * writes it into the HTML it sends, and the screen keeps document.title in step on the client.
 */
export type PageHead = {
  title: string;
  /** The meta description (about 150 characters). */
  description: string;
  /** The canonical path on the main host, e.g. "/terms". */
  path: string;
  /** Search engines skip the page (e.g. /auth). */
  noindex?: boolean;
};
