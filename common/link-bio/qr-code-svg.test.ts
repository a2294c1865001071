import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeSvg } from "./qr-code-svg";

const TEXT =
  "00020126360014br.gov.bcb.pix0114+55119876543215204000053039865802BR5905Maria6006Recife62070503***6304ABCD";

/** The dark modules the path draws, back as a matrix (its runs are offset by the 4-module margin). */
function modulesOfPath(svg: string, size: number): number[][] {
  const grid = Array.from({ length: size }, () => Array<number>(size).fill(0));
  const d = svg.match(/<path fill="#000" d="([^"]*)"/)![1]!;
  for (const [, x, y, width, back] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    expect(back).toBe(width);
    for (let col = Number(x) - 4; col < Number(x) - 4 + Number(width); col++) grid[Number(y) - 4]![col] = 1;
  }
  return grid;
}

describe("qrCodeSvg", () => {
  it("draws exactly the modules of the qrcode package's symbol (level M), in one path", () => {
    const svg = qrCodeSvg(TEXT, "QR Code Pix");
    const { modules } = QRCode.create(TEXT, { errorCorrectionLevel: "M" });
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? 1 : 0)),
    );
    expect(modulesOfPath(svg, modules.size)).toEqual(expected);
    expect(svg.match(/<path/g)).toHaveLength(1);
  });

  it("is dark on white with a quiet zone of 4 modules, named for assistive technology", () => {
    const svg = qrCodeSvg(TEXT, "QR Code Pix");
    const side = QRCode.create(TEXT, { errorCorrectionLevel: "M" }).modules.size + 8;
    expect(svg).toMatch(
      new RegExp(
        `^<svg class="lb-qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="QR Code Pix"`,
      ),
    );
    expect(svg).toContain(`<rect width="${side}" height="${side}" fill="#fff"/>`);
    expect(svg).not.toMatch(/M[0-3] |M\d+ [0-3]h/);
  });

  it("escapes its label", () => {
    expect(qrCodeSvg("x", `"><script>`)).toContain(`aria-label="&quot;&gt;&lt;script&gt;"`);
  });
});
