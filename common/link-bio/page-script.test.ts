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
    block("form", 19, { fields: ["name", "email"], title: "Novidades" }),
    block("form", 20, { fields: ["whatsapp"], title: "Ofertas" }),
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
/** The server's answers to the form, in turn: a JSON body and its status, or a failure. */
type Answer = { status: number; body: unknown } | "offline" | "not json";
let answers: Answer[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
  const answer = answers.shift();
  if (!answer || answer === "offline") throw new TypeError("Failed to fetch");
  if (answer === "not json") return { ok: false, status: 502, json: async () => JSON.parse("<html>") };
  return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
});
const nativeSubmit = vi.fn();
Object.assign(document, { fetchMock });
/** Runs a line in the page's realm, as its own script runs. */
const inPage = (code: string) => {
  const script = document.createElement("script");
  script.textContent = code;
  document.body.append(script);
  script.remove();
};

beforeAll(() => {
  document.body.innerHTML = renderLinkBioHtml(VIEW, { formAction: "/p/ana/leads" });
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
  HTMLFormElement.prototype.submit = nativeSubmit;
  // The page's script runs in the document's own realm: its fetch is set there.
  inPage("window.fetch = function (url, init) { return document.fetchMock(url, init); };");
  const script = document.createElement("script");
  script.textContent = LINK_BIO_PAGE_SCRIPT;
  document.body.append(script);
});

beforeEach(() => {
  beacons = [];
  answers = [];
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

describe("the public page's script: the contact form", () => {
  const formOf = (id: number) => $<HTMLFormElement>(`#lb-form-${id}`);
  const submit = (form: HTMLFormElement) => {
    const event = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    return event;
  };
  /** Lets the answer's promises settle. */
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

  it("shows the errors in the form's alert, marks their fields and focuses the first", async () => {
    const form = formOf(19);
    field(form, "name").value = "Ana & Cia";
    field(form, "email").value = "ana@";
    answers = [
      {
        status: 400,
        body: {
          error: "Informe um e-mail válido.",
          details: {
            email: "Informe um e-mail válido.",
            consent: "Marque a caixa de consentimento para enviar.",
          },
          validation_errors: ["Informe um e-mail válido.", "Marque a caixa de consentimento para enviar."],
        },
      },
    ];
    const event = submit(form);
    expect(event.defaultPrevented).toBe(true);
    expect(form.querySelector("button")!.disabled).toBe(true);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("http://localhost:3000/p/ana/leads");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
    });
    // The form's own fields, as the browser would post them: the honeypot empty, no consent unticked.
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({
      block_id: "19",
      name: "Ana & Cia",
      email: "ana@",
      website: "",
      consent_tag: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    const alert = form.querySelector('[role="alert"]')!;
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Informe um e-mail válido.",
      "Marque a caixa de consentimento para enviar.",
    ]);
    expect(field(form, "email").getAttribute("aria-invalid")).toBe("true");
    expect(field(form, "consent").getAttribute("aria-invalid")).toBe("true");
    expect(field(form, "name").hasAttribute("aria-invalid")).toBe(false);
    expect(document.activeElement).toBe(field(form, "email"));
    expect(form.querySelector("button")!.disabled).toBe(false);
    expect(nativeSubmit).not.toHaveBeenCalled();
    expect(beacons).toEqual([]);

    // Sent again: the errors are the new ones only.
    field(form, "consent").checked = true;
    answers = [
      { status: 429, body: { error: "Muitos envios seguidos. Aguarde alguns minutos e tente novamente." } },
    ];
    submit(form);
    await flush();
    expect(new URLSearchParams(fetchMock.mock.calls[1]![1].body as string).get("consent")).toBe("on");
    expect(alert.textContent).toBe("Muitos envios seguidos. Aguarde alguns minutos e tente novamente.");
    expect(form.querySelector("[aria-invalid]")).toBeNull();
  });

  it("falls back to the plain post when the server cannot be reached or does not answer JSON", async () => {
    for (const answer of ["offline", "not json"] as const) {
      nativeSubmit.mockClear();
      answers = [answer];
      expect(submit(formOf(20)).defaultPrevented).toBe(true);
      await flush();
      expect(nativeSubmit).toHaveBeenCalledTimes(1);
      expect(nativeSubmit.mock.contexts[0]).toBe(formOf(20));
    }
  });

  it("replaces the fields by the thank-you text, focused, once the answers are in", async () => {
    const form = formOf(20);
    field(form, "whatsapp").value = "(11) 98765-4321";
    field(form, "consent").checked = true;
    answers = [{ status: 200, body: { message: "Obrigado! <b>Até logo</b>" } }];
    submit(form);
    await flush();
    const thanks = form.querySelector(".lb-form-thanks")!;
    expect(thanks.textContent).toBe("Obrigado! <b>Até logo</b>");
    expect(thanks.getAttribute("role")).toBe("status");
    expect(document.activeElement).toBe(thanks);
    expect(form.querySelector("input, button")).toBeNull();
  });

  it("leaves the form to the browser where fetch is missing", () => {
    inPage("document.savedFetch = window.fetch; window.fetch = undefined;");
    try {
      expect(submit(formOf(19)).defaultPrevented).toBe(false);
    } finally {
      inPage("window.fetch = document.savedFetch;");
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
