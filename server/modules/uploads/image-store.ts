import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_MAX_BYTES, LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { badRequest } from "../../lib/http-error";

/**
 * Profile images arrive as data URLs (the spec's client reads the file inline). They are checked
 * by content, never by the declared type, and stored as files under DATA_DIR/uploads; rows keep
 * only the /uploads/<name> path.
 */

export const UPLOADS_PREFIX = "/uploads/";
/** The names we write: 32 hex characters and the extension of the detected type. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** The image type of these bytes by their signature, or null when they are not PNG/JPEG/GIF/WebP. */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  const starts = (offset: number, ...signature: number[]) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0, 0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61))
    return "gif";
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]*)*;base64,/i;

/** Decodes and checks a data URL: 400 with the spec's messages when it is not a small image. */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; ext: ImageExtension } {
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw badRequest(LINK_PAGE_MESSAGES.imageInvalid);
  const base64 = dataUrl.slice(header[0].length).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(LINK_PAGE_MESSAGES.imageInvalid);
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > IMAGE_MAX_BYTES)
    throw badRequest(LINK_PAGE_MESSAGES.imageTooLarge);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(LINK_PAGE_MESSAGES.imageTooLarge);
  const ext = detectImageType(bytes);
  if (!ext) throw badRequest(LINK_PAGE_MESSAGES.imageInvalid);
  return { bytes, ext };
}

/** Stores a data URL image; answers its public path (/uploads/<name>). */
export async function saveImageDataUrl(dataDir: string, dataUrl: string): Promise<string> {
  const { bytes, ext } = decodeImageDataUrl(dataUrl);
  const name = `${randomBytes(16).toString("hex")}.${ext}`;
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes, { flag: "wx" });
  return `${UPLOADS_PREFIX}${name}`;
}

/** The file name behind a stored image path, or null for anything we did not write. */
export function uploadNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PREFIX)) return null;
  const name = url.slice(UPLOADS_PREFIX.length);
  return UPLOAD_NAME.test(name) ? name : null;
}

/** Best effort: a file left behind costs disk, not correctness. */
export async function deleteUpload(dataDir: string, url: string | null | undefined): Promise<void> {
  const name = uploadNameOf(url);
  if (name) await rm(path.join(uploadsDir(dataDir), name), { force: true }).catch(() => {});
}
