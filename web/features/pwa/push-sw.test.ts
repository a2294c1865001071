import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// web/public/push-sw.js, the part of /sw.js that shows a push and opens its screen on a tap, run in
// a stand-in for the worker's global scope (e2e/push-notifications.spec.ts runs it in Chromium).

const SCRIPT = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/push-sw.js"), "utf8");
const ORIGIN = "https://atalho.example";

type Tab = { url: string; focused: boolean; navigated?: string; controlled: boolean };
type Handler = (event: Record<string, unknown>) => void;

function worker(tabs: Tab[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: NotificationOptions & { data?: { url: string } } }[] = [];
  const opened: string[] = [];
  const scope = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: {
      showNotification: async (title: string, options: NotificationOptions & { data?: { url: string } }) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        tabs.map((tab) => {
          const client = {
            ...tab,
            focus: async () => client,
            navigate: async (url: string) => {
              if (!tab.controlled) throw new TypeError("not controlled");
              tab.navigated = url;
            },
          };
          return client;
        }),
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function("self", SCRIPT)(scope);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  const push = (data: unknown) =>
    dispatch("push", {
      data: {
        json: () => (typeof data === "string" ? JSON.parse(data) : data),
      },
    });
  const tap = (url: unknown) =>
    dispatch("notificationclick", { notification: { data: { url }, close: () => {} } });
  return { push, tap, shown, opened };
}

describe("push-sw.js", () => {
  it("shows a push's title and body with the app's icon, its tag, and its path for the tap", async () => {
    const sw = worker();
    await sw.push({ title: "Novo contato em Doces", body: "Maria", url: "/contacts", tag: "lead-1" });
    expect(sw.shown).toEqual([
      {
        title: "Novo contato em Doces",
        options: expect.objectContaining({
          body: "Maria",
          icon: "/icons/icon-192.png",
          tag: "lead-1",
          data: { url: "/contacts" },
        }),
      },
    ]);
  });

  it("keeps a tap on our own paths: another site's address opens the dashboard", async () => {
    const sw = worker();
    for (const url of ["https://golpe.example/x", "//golpe.example/x", "javascript:void(0)", 42]) {
      await sw.push({ title: "Oi", body: "", url });
    }
    expect(sw.shown.map((n) => n.options.data?.url)).toEqual(Array(4).fill("/dashboard"));
    await sw.tap("//golpe.example/x");
    expect(sw.opened).toEqual([`${ORIGIN}/dashboard`]);
  });

  it("a push that is not JSON still shows something (the browser requires it)", async () => {
    const sw = worker();
    await sw.push("não é json");
    expect(sw.shown[0]?.title).toBe("Atalho");
  });

  it("a tap takes a tab of ours to the screen, or opens one", async () => {
    const tabs: Tab[] = [
      { url: "https://outro.example/", focused: true, controlled: false },
      { url: `${ORIGIN}/dashboard`, focused: false, controlled: true },
    ];
    const sw = worker(tabs);
    await sw.tap("/contacts?page=2");
    expect(tabs[1]!.navigated).toBe(`${ORIGIN}/contacts?page=2`);
    expect(sw.opened).toEqual([]);

    const uncontrolled = worker([{ url: `${ORIGIN}/auth`, focused: true, controlled: false }]);
    await uncontrolled.tap("/subscription");
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/subscription`]);
  });
});
