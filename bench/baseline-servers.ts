// The two bare node:http servers the figures are compared with, run as a child process so that it
// can be pinned to the same core as the app server:
//   page:     answers every request with the exact bytes and content headers our /p/{slug} sent
//   redirect: answers /s/{code} with a 302 looked up in an in-memory Map (404 when unknown)
// Usage: node --import tsx bench/baseline-servers.ts <pagePort> <redirectPort> <page.json>
// page.json: { "headers": { "content-type": "...", ... }, "body": "<base64>" }
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { codeFor, RULES_CODE, RULES_MATCHED_TARGET, SHORT_LINK_COUNT, targetFor } from "./fixtures";

export type CapturedPage = { headers: Record<string, string>; body: string };

const [pagePort = "0", redirectPort = "0", pageFile] = process.argv.slice(2);

const page: CapturedPage = pageFile
  ? JSON.parse(fs.readFileSync(pageFile, "utf8"))
  : { headers: { "content-type": "text/html; charset=utf-8" }, body: "" };
const pageBody = Buffer.from(page.body, "base64");
const pageHeaders = { ...page.headers, "content-length": String(pageBody.length) };

const pageServer = http.createServer((_request, response) => {
  response.writeHead(200, pageHeaders);
  response.end(pageBody);
});

const targets = new Map<string, string>();
for (let i = 1; i <= SHORT_LINK_COUNT; i++) targets.set(codeFor(i), targetFor(i));
// The rules link's baseline is the same Map lookup: what the rules cost shows in the ratio.
targets.set(RULES_CODE, RULES_MATCHED_TARGET);

const redirectServer = http.createServer((request, response) => {
  const url = request.url ?? "/";
  const target = url.startsWith("/s/") ? targets.get(url.slice(3)) : undefined;
  if (target) {
    response.writeHead(302, { location: target, "content-length": "0" });
  } else {
    response.writeHead(404, { "content-length": "0" });
  }
  response.end();
});

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

const ports = {
  page: await listen(pageServer, Number(pagePort)),
  redirect: await listen(redirectServer, Number(redirectPort)),
};
process.stdout.write(`${JSON.stringify({ ready: true, ...ports })}\n`);
process.on("SIGTERM", () => process.exit(0));
