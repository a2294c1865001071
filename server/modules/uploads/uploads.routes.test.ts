import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { setupTestApp } from "../../../tests/test-app";

const dataDir = mkdtempSync(path.join(tmpdir(), "atalho-uploads-"));
const t = setupTestApp({ dataDir });
const uploads = path.join(dataDir, "uploads");
const filesOnDisk = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);
const fileOf = (url: string) => path.join(uploads, url.replace("/uploads/", ""));

// A real 1x1 PNG, and the first bytes of a JPEG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

let counter = 0;
async function savePage(cookie: string, profile_image_url: string | null, id?: number, slug?: string) {
  return t.request({
    method: id ? "PUT" : "POST",
    url: id ? `/api/link-pages/${id}` : "/api/link-pages",
    cookie,
    payload: { slug: slug ?? `img-${process.pid}-${++counter}`, title: "Ana", profile_image_url },
  });
}

describe("profile images", () => {
  it("stores a data URL image as a file and serves it with nosniff and a long cache", async () => {
    const { cookie } = await t.signIn();
    const response = await savePage(cookie, dataUrl(PNG));
    expect(response.statusCode).toBe(201);
    const url = response.json().profile_image_url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(existsSync(fileOf(url))).toBe(true);

    const image = await t.request({ method: "GET", url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it("trusts the content, not the declared type", async () => {
    const { cookie } = await t.signIn();
    const response = await savePage(cookie, dataUrl(JPEG, "image/png"));
    expect(response.statusCode).toBe(201);
    const url = response.json().profile_image_url as string;
    expect(url).toMatch(/\.jpg$/);
    expect((await t.request({ method: "GET", url })).headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    ["text disguised as image/png", dataUrl(Buffer.from("<script>alert(1)</script>"))],
    ["an SVG", dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml")],
    ["broken base64", "data:image/png;base64,@@@notbase64"],
  ])("refuses %s with the spec's message and writes nothing", async (_name, value) => {
    const { cookie } = await t.signIn();
    const before = filesOnDisk();
    const response = await savePage(cookie, value);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(LINK_PAGE_MESSAGES.imageInvalid);
    expect(filesOnDisk()).toEqual(before);
  });

  it("refuses an image over 5 MB", async () => {
    const { cookie } = await t.signIn();
    const before = filesOnDisk();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await savePage(cookie, dataUrl(big));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(LINK_PAGE_MESSAGES.imageTooLarge);
    expect(filesOnDisk()).toEqual(before);
  });

  it("deletes the old file when the image is replaced, removed, or the page deleted", async () => {
    const { cookie } = await t.signIn();
    const created = (await savePage(cookie, dataUrl(PNG))).json();
    const first = created.profile_image_url as string;

    // Saving the page again with its own path keeps the file.
    const kept = await savePage(cookie, first, created.id, created.slug);
    expect(kept.json().profile_image_url).toBe(first);
    expect(existsSync(fileOf(first))).toBe(true);

    const replaced = await savePage(cookie, dataUrl(JPEG), created.id, created.slug);
    const second = replaced.json().profile_image_url as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect((await t.request({ method: "GET", url: first })).statusCode).toBe(404);

    const removed = await savePage(cookie, null, created.id, created.slug);
    expect(removed.json().profile_image_url).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);

    const third = (await savePage(cookie, dataUrl(PNG), created.id, created.slug)).json().profile_image_url;
    await t.request({ method: "DELETE", url: `/api/link-pages/${created.id}`, cookie });
    expect(existsSync(fileOf(third))).toBe(false);
  });

  it("keeps an https image URL as it is", async () => {
    const { cookie } = await t.signIn();
    const response = await savePage(cookie, "https://exemplo.com.br/foto.png");
    expect(response.json().profile_image_url).toBe("https://exemplo.com.br/foto.png");
  });

  it("refuses another page's stored image, so it can never be claimed and deleted", async () => {
    const owner = await t.signIn();
    const url = (await savePage(owner.cookie, dataUrl(PNG))).json().profile_image_url as string;
    const { cookie } = await t.signIn();
    const response = await savePage(cookie, url);
    expect(response.statusCode).toBe(400);
    expect(existsSync(fileOf(url))).toBe(true);
  });
});

describe("GET /uploads/{name}", () => {
  it.each([
    "/uploads/0123456789abcdef0123456789abcdef.png",
    "/uploads/..%2f..%2fetc%2fpasswd",
    "/uploads/%2e%2e%2fpackage.json",
    "/uploads/../package.json",
    "/uploads/x.txt",
  ])("answers 404 for %s", async (url) => {
    const response = await t.request({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).not.toMatch(/image/);
  });
});
