// Plain HTTP GETs that keep the bytes as they came over the wire (no decompression), for the page
// weight and for capturing the page the page baseline replays.
import http from "node:http";
import zlib from "node:zlib";

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed when content-encoding says so). */
  body: Buffer;
  ms: number;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The body decoded according to its content-encoding. */
export function decoded(response: RawResponse): string {
  const encoding = String(response.headers["content-encoding"] ?? "identity");
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  if (encoding === "deflate") return zlib.inflateSync(response.body).toString("utf8");
  return response.body.toString("utf8");
}

export function closeAgent(): void {
  agent.destroy();
}
