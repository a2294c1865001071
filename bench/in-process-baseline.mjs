// The bare page server of bench/baseline-servers.ts, run inside the app's own process (bench/run.ts
// starts the server under test with `node --import` of this file): the same bytes and headers, so
// that the two baselines differ only in the process they run in. Their ratio is what the app's
// process costs any server in it; ours against this one is what the page path itself costs.
// Plain JavaScript: the server under test is the bundle, run by node without tsx.
// BENCH_IN_PROCESS_PORT: where it listens; BENCH_IN_PROCESS_PAGE: the captured page's file (as
// baseline-servers.ts reads it), written by the bench after the app started and read at the first
// request.
import fs from "node:fs";
import http from "node:http";

const port = Number(process.env.BENCH_IN_PROCESS_PORT);
const file = process.env.BENCH_IN_PROCESS_PAGE;

if (port && file) {
  /** @type {{ headers: Record<string, string>; body: Buffer } | undefined} */
  let page;
  const server = http.createServer((_request, response) => {
    if (!page) {
      const captured = JSON.parse(fs.readFileSync(file, "utf8"));
      const body = Buffer.from(captured.body, "base64");
      page = { headers: { ...captured.headers, "content-length": String(body.length) }, body };
    }
    response.writeHead(200, page.headers);
    response.end(page.body);
  });
  server.listen(port, "127.0.0.1");
  // The app's shutdown is not held by it.
  server.unref();
}
