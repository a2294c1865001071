// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LinkBioBlock, LinkBioView } from "../contract/link-bio-view";
import { BLOCK_DATA_SCHEMAS, type BlockType } from "../contract/link-blocks";
import { LINK_BIO_PAGE_SCRIPT } from "./page-script";
import { renderLinkBioHtml } from "./render";

const block = (type: BlockType, id: number, input: unknown) =>
  ({ id, type, data: BLOCK_DATA_SCHEMAS[type].parse(input) }) as LinkBioBlock;

const VIEW: LinkBioView = {
  title: "Ana Souza",
  description: null,
  profileImageUrl: null,
  backgroundColor: "#ffffff",
  textColor: "#111111",
  buttonStyle: {},
  background: { type: "solid", gradientTo: null, gradientDirection: null, imageUrl: null },
  blocks: [
    block("link", 11, { title: "Cardápio", url: "https://cardapio.exemplo.com.br" }),
    block("text", 13, { text: "Bolos caseiros" }),
    block("social", 15, { items: [{ network: "instagram", url: "@ana.doces" }] }),
    block("embed", 16, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Como fazemos" }),
    block("whatsapp", 17, { phone: "(11) 98765-4321" }),
    block("pix", 18, { key: "529.982.247-25", name: "Ana Souza", city: "São Paulo" }),
  ],
};

type Beacon = { link_id: number; referrer: string };

// The page once, its script run once (it listens on the document), as a browser would.
let beacons: Promise<Beacon>[] = [];
let clipboard: "allowed" | "refused" | "absent" = "allowed";
const writeText = vi.fn(async (_text: string) => {
  if (clipboard === "refused") throw new Error("denied");
});
const execCommand = vi.fn((_command: string) => true);

beforeAll(() => {
  document.body.innerHTML = renderLinkBioHtml(VIEW);
  Object.defineProperty(document, "referrer", { value: "https://instagram.com/" });
  Object.defineProperty(navigator, "sendBeacon", {
    value: (url: string, body: Blob) => {
      expect(url).toBe("/api/track-link-click");
      beacons.push(body.text().then((text) => JSON.parse(text) as Beacon));
      return true;
    },
  });
  Object.defineProperty(navigator, "clipboard", {
    get: () => (clipboard === "absent" ? undefined : { writeText }),
  });
  document.execCommand = execCommand;
  const script = document.createElement("script");
  script.textContent = LINK_BIO_PAGE_SCRIPT;
  document.body.append(script);
});

beforeEach(() => {
  beacons = [];
  clipboard = "allowed";
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
  vi.clearAllMocks();
});

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const click = (element: Element, init: MouseEventInit = {}, type = "click") =>
  element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
/** Lets the clipboard's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("the public page's script", () => {
  it("reports a click on a link, on an icon inside a link, and a middle-click, with the page's referrer", async () => {
    click($('a[data-link-id="11"]'));
    click($(".lb-social-link svg"));
    click($("a.lb-wa"), { button: 1 }, "auxclick");
    click($(".lb-text"));
    click($("a.lb-wa"), { button: 2 }, "auxclick");
    expect(await Promise.all(beacons)).toEqual([
      { link_id: 11, referrer: "https://instagram.com/" },
      { link_id: 15, referrer: "https://instagram.com/" },
      { link_id: 17, referrer: "https://instagram.com/" },
    ]);
  });

  it("copies the Pix code, says 'Copiado!' for two seconds, and counts the copy", async () => {
    const button = $<HTMLButtonElement>("button.lb-copy");
    const code = $<HTMLTextAreaElement>("textarea.lb-pix-code").value;
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    click(button);
    await settle();
    expect(writeText).toHaveBeenCalledWith(code);
    expect(button.textContent).toBe("Copiado!");
    expect(button.getAttribute("aria-live")).toBe("polite");
    // A second tap keeps the label to restore.
    click(button);
    await settle();
    await vi.advanceTimersByTimeAsync(1999);
    expect(button.textContent).toBe("Copiado!");
    await vi.advanceTimersByTimeAsync(1);
    expect(button.textContent).toBe("Copiar código Pix");
    expect(await Promise.all(beacons)).toEqual([
      { link_id: 18, referrer: "https://instagram.com/" },
      { link_id: 18, referrer: "https://instagram.com/" },
    ]);
  });

  it.each(["refused", "absent"] as const)(
    "selects the code and copies it the old way when the clipboard is %s",
    async (mode) => {
      clipboard = mode;
      click($("button.lb-copy"));
      await settle();
      const box = $<HTMLTextAreaElement>("textarea.lb-pix-code");
      expect(document.activeElement).toBe(box);
      expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]);
      expect(execCommand).toHaveBeenCalledWith("copy");
      expect($("button.lb-copy").textContent).toBe("Copiado!");
    },
  );

  it("replaces the embed facade by the player in the same box on the tap, and counts it", async () => {
    expect(document.querySelector("iframe")).toBeNull();
    click($(".lb-embed-title"));
    const frame = $<HTMLIFrameElement>("iframe");
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(frame.getAttribute("allow")).toBe("autoplay; encrypted-media; fullscreen; picture-in-picture");
    expect(frame.hasAttribute("allowfullscreen")).toBe(true);
    expect(frame.title).toBe("Como fazemos");
    expect(frame.className).toBe("lb-embed-player lb-frame-wide");
    expect(document.querySelector("button.lb-embed")).toBeNull();
    expect(document.activeElement).toBe(frame);
    expect(await Promise.all(beacons)).toEqual([{ link_id: 16, referrer: "https://instagram.com/" }]);
  });
});
