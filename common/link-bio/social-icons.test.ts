import * as globe from "lucide-react/icons/globe";
import * as mail from "lucide-react/icons/mail";
import * as video from "lucide-react/icons/video";
import { describe, expect, it } from "vitest";
import { LUCIDE_ICONS, SOCIAL_ICONS, socialIconSvg } from "./social-icons";
import { SOCIAL_NETWORKS } from "./social-networks";

type IconNode = [string, Record<string, string>][];

/** Lucide's own icon data as markup, in the order of its attributes (its React key left out). */
function lucideMarkup(module: unknown): string {
  const node = (module as { __iconData: { node: IconNode } }).__iconData.node;
  return node
    .map(([tag, attrs]) => {
      const text = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${value}"`)
        .join("");
      return `<${tag}${text}/>`;
    })
    .join("");
}

describe("SOCIAL_ICONS", () => {
  it("draws brands with simple-icons, LinkedIn with Font Awesome, Kwai, e-mail and site with Lucide", () => {
    const sources = Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, SOCIAL_ICONS[network].source]),
    );
    expect(Object.keys(sources)).toHaveLength(16);
    expect(sources).toMatchObject({ instagram: "simple-icons", x: "simple-icons", whatsapp: "simple-icons" });
    expect(sources.linkedin).toBe("font-awesome");
    expect([sources.kwai, sources.email, sources.site]).toEqual(["lucide", "lucide", "lucide"]);
  });

  it("keeps the Lucide copies identical to the lucide-react the app ships", () => {
    expect(LUCIDE_ICONS.video).toBe(lucideMarkup(video));
    expect(LUCIDE_ICONS.mail).toBe(lucideMarkup(mail));
    expect(LUCIDE_ICONS.globe).toBe(lucideMarkup(globe));
  });
});

describe("socialIconSvg", () => {
  it.each(SOCIAL_NETWORKS)("draws %s as a decorative inline SVG in the text colour", (network) => {
    const svg = socialIconSvg(network, 20);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="20" height="20" /,
    );
    expect(svg).toContain('aria-hidden="true" focusable="false"');
    expect(svg).toContain("currentColor");
    expect(svg).toMatch(/<(path|rect|circle) [^<>]+\/>/);
    expect(svg.endsWith("</svg>")).toBe(true);
    // Shapes only: no script, no link, no outside reference.
    expect(svg).not.toMatch(/<script|href|url\(|\son[a-z]+=/i);
  });
});
