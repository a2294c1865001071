import QRCode from "qrcode";
import { escapeHtml } from "./escape-html";

/** The white margin a reader needs around the code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

/**
 * A QR code as inline SVG, built synchronously (the page is a string, rendered once and cached):
 * dark modules as one path of row runs, on white with the quiet zone, whatever the page's colours,
 * so every camera reads it. Sized by CSS; `label` names it for assistive technology.
 */
export function qrCodeSvg(text: string, label: string, className = "lb-qr"): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = modules.size + QUIET_ZONE * 2;
  return (
    `<svg class="${className}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" ` +
    `role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path fill="#000" d="${qrPath(modules)}"/></svg>`
  );
}

/** Each row's runs of dark modules as closed rectangles, offset by the quiet zone. */
export function qrPath(modules: { size: number; get(row: number, col: number): number }): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join("");
}
