import { describe, expect, it } from "vitest";
import { BLOCK_DATA_SCHEMAS, type BlockData, type BlockType } from "../contract/link-blocks";
import { blockTargetUrls, mapBlockTargets } from "./block-targets";

const data = <T extends BlockType>(type: T, sent: unknown) =>
  BLOCK_DATA_SCHEMAS[type].parse(sent) as BlockData<T>;

describe("blockTargetUrls", () => {
  it("lists the http(s) addresses a tap leads to", () => {
    expect(blockTargetUrls("link", data("link", { title: "Loja", url: "https://loja.com" }))).toEqual([
      "https://loja.com",
    ]);
    expect(
      blockTargetUrls(
        "image",
        data("image", { image_url: "https://cdn.com/a.png", alt: "A", link_url: "https://b.com" }),
      ),
    ).toEqual(["https://b.com"]);
    expect(
      blockTargetUrls(
        "social",
        data("social", {
          items: [
            { network: "site", url: "https://meu.site" },
            { network: "email", url: "eu@meu.site" },
            { network: "instagram", url: "@eu" },
          ],
        }),
      ),
    ).toEqual(["https://meu.site", "https://www.instagram.com/eu/"]);
    expect(blockTargetUrls("contact", data("contact", { name: "Eu", website: "meu.site" }))).toEqual([
      "https://meu.site",
    ]);
  });

  it("lists none for blocks whose addresses are ours to build or none at all", () => {
    expect(blockTargetUrls("whatsapp", data("whatsapp", { phone: "11987654321" }))).toEqual([]);
    expect(blockTargetUrls("embed", data("embed", { url: "https://youtu.be/dQw4w9WgXcQ" }))).toEqual([]);
    expect(blockTargetUrls("image", data("image", { image_url: "https://cdn.com/a.png", alt: "A" }))).toEqual(
      [],
    );
    expect(blockTargetUrls("divider", data("divider", {}))).toEqual([]);
  });
});

describe("mapBlockTargets", () => {
  it("replaces each target and leaves the rest, without changing the data it was given", () => {
    const social = data("social", {
      items: [
        { network: "site", url: "https://bloqueado.example/x" },
        { network: "email", url: "eu@meu.site" },
      ],
    });
    const guarded = mapBlockTargets("social", social, (url) =>
      url.includes("bloqueado") ? "https://aviso" : url,
    );
    expect(guarded.items).toEqual([
      { network: "site", url: "https://aviso" },
      { network: "email", url: "mailto:eu@meu.site" },
    ]);
    expect(social.items[0]?.url).toBe("https://bloqueado.example/x");
  });
});
