import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domains } from "../../../db/schema";
import { allowDomainOnPlan, subscribeUser } from "../../../tests/factories";
import { setupTestApp, unavailableLocation } from "../../../tests/test-app";

// Automatic HTTPS for self-hosters' custom domains: Debian's real `caddy` in front of the app, with the
// docs/self-hosting.md's shape of Caddyfile (a block for the main host, on-demand TLS for any other name, asking
// GET /api/domains/tls-allowed), on `tls internal` so no ACME server is needed. Proves that an
// active custom domain gets a certificate at its first handshake and serves our redirect, and that
// a name that is not ours gets no certificate at all.

const caddyBin = (() => {
  const found = spawnSync("caddy", ["version"], { encoding: "utf8" });
  return found.status === 0 ? "caddy" : null;
})();
if (!caddyBin) {
  console.warn(
    `\n${"!".repeat(72)}\n!!! CADDY TEST SKIPPED: no \`caddy\` on PATH (Debian: apt-get install caddy).\n` +
      `!!! HTTPS on custom domains (on-demand TLS) is NOT tested in this run.\n${"!".repeat(72)}`,
  );
}

const run = `${process.pid}-${Date.now()}`;
const MAIN_HOST = `app-${run}.test`;
const CUSTOM = `go-${run}.cliente.test`;
const LATER = `depois-${run}.cliente.test`;
const UNKNOWN = `nao-cadastrado-${run}.test`;
const TARGET = "https://destino.exemplo.com.br/oferta";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The Caddyfile of docs/self-hosting.md, with test ports, Caddy's internal CA and no admin endpoint. */
function testCaddyfile(options: { appPort: number; httpPort: number; httpsPort: number }) {
  const upstream = `127.0.0.1:${options.appPort}`;
  return `{
	admin off
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
	auto_https disable_redirects
	skip_install_trust
	on_demand_tls {
		ask http://${upstream}/api/domains/tls-allowed
	}
}

${MAIN_HOST} {
	tls internal
	reverse_proxy ${upstream} {
		header_up X-Client-Port {remote_port}
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy ${upstream} {
		header_up X-Client-Port {remote_port}
	}
}
`;
}

type Answer = { status: number; location?: string; names: string[] };

describe.skipIf(!caddyBin)("Caddy on-demand TLS in front of the app", () => {
  const t = setupTestApp({ trustProxy: true, publicUrl: `https://${MAIN_HOST}` });
  const state = {} as {
    dir: string;
    caddy: ChildProcess;
    log: string[];
    httpsPort: number;
    ca: Buffer;
    code: string;
  };

  /**
   * The chain is checked against Caddy's CA, but a certificate dated a moment ahead of this clock is
   * taken: Caddy's issuer dates certificates to the second it signs them, and a clock stepped back
   * by a fraction of a second made a fresh one "not yet valid" here (seen once in CI).
   */
  const trusted = (socket: tls.TLSSocket): Error | null => {
    const error = socket.authorizationError as (Error & { code?: string }) | string | null | undefined;
    if (!error) return null;
    const code = typeof error === "string" ? error : (error.code ?? error.message);
    return code === "CERT_NOT_YET_VALID" ? null : new Error(`certificate refused: ${code}`);
  };

  /** One HTTPS GET through Caddy, the name sent as SNI and Host (as `curl --resolve` does). */
  const get = (name: string, urlPath: string) =>
    new Promise<Answer>((resolve, reject) => {
      const request = https.get(
        {
          host: "127.0.0.1",
          port: state.httpsPort,
          path: urlPath,
          servername: name,
          headers: { host: `${name}:${state.httpsPort}` },
          ca: state.ca,
          rejectUnauthorized: false,
          agent: false,
        },
        (response) => {
          const socket = response.socket as tls.TLSSocket;
          const refused = trusted(socket);
          if (refused) {
            response.resume();
            reject(refused);
            return;
          }
          const altNames = socket.getPeerCertificate().subjectaltname ?? "";
          response.resume();
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            names: altNames.split(", ").map((entry) => entry.replace(/^DNS:/, "")),
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error("timeout")));
      request.on("error", reject);
    });

  /** A bare TLS handshake for a name: the error when there is none to be had. */
  const handshake = (name: string) =>
    new Promise<Error | null>((resolve) => {
      const socket = tls.connect({
        host: "127.0.0.1",
        port: state.httpsPort,
        servername: name,
        ca: state.ca,
        rejectUnauthorized: false,
      });
      socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
      socket.once("secureConnect", () => {
        socket.end();
        resolve(trusted(socket));
      });
      socket.once("error", (error) => resolve(error));
    });

  beforeAll(async () => {
    for (const name of [CUSTOM, LATER]) {
      const [row] = await t.database.db
        .insert(domains)
        .values({ domain: name, displayName: name, isActive: name === CUSTOM })
        .returning();
      await allowDomainOnPlan(t.database.db, "Pro", row!.id);
    }
    await t.app.domains.reload();
    const { user, cookie } = await t.signIn();
    await subscribeUser(t.database.db, user.id, "Pro");
    state.code = `tls${Date.now()}`;
    const created = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: {
        custom_code: state.code,
        original_url: TARGET,
        custom_domain_id: t.app.domains.customDomain(CUSTOM)!.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const appPort = (t.app.server.address() as AddressInfo).port;
    state.httpsPort = await freePort();
    const httpPort = await freePort();
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), "atalho-caddy-"));
    const caddyfile = path.join(state.dir, "Caddyfile");
    fs.writeFileSync(caddyfile, testCaddyfile({ appPort, httpPort, httpsPort: state.httpsPort }));
    state.log = [];
    state.caddy = spawn(caddyBin!, ["run", "--adapter", "caddyfile", "--config", caddyfile], {
      env: {
        PATH: process.env.PATH,
        HOME: state.dir,
        XDG_DATA_HOME: path.join(state.dir, "data"),
        XDG_CONFIG_HOME: path.join(state.dir, "config"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    state.caddy.stdout!.on("data", (chunk) => state.log.push(String(chunk)));
    state.caddy.stderr!.on("data", (chunk) => state.log.push(String(chunk)));

    // Ready: the internal CA's root is written and the HTTPS port answers a handshake for the main host.
    const root = path.join(state.dir, "data", "caddy", "pki", "authorities", "local", "root.crt");
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (state.caddy.exitCode !== null) throw new Error(`caddy exited:\n${state.log.join("")}`);
      if (fs.existsSync(root)) {
        state.ca = fs.readFileSync(root);
        if ((await handshake(MAIN_HOST)) === null) break;
      }
      if (Date.now() > deadline) throw new Error(`caddy did not start:\n${state.log.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 40_000);

  afterAll(async () => {
    if (state.caddy && state.caddy.exitCode === null) {
      const exited = new Promise((resolve) => state.caddy.once("exit", resolve));
      state.caddy.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (state.caddy.exitCode === null) state.caddy.kill("SIGKILL");
    }
    if (state.dir) fs.rmSync(state.dir, { recursive: true, force: true });
  });

  it("issues an active custom domain its certificate at the first handshake and serves its short link", async () => {
    const answer = await get(CUSTOM, `/s/${state.code}`);
    expect(answer.names).toContain(CUSTOM);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(TARGET);
    // The rest of the custom domain is host routing's: the root goes to the main site.
    const root = await get(CUSTOM, "/");
    expect(root.status).toBe(302);
    expect(root.location).toBe(`https://${MAIN_HOST}/`);
  });

  it("gives a name that is not an active domain no certificate: the handshake fails", async () => {
    const unknown = await handshake(UNKNOWN);
    // Caddy refuses the handshake itself (TLS alert 80, internal error): no certificate, no HTTP.
    expect(String(unknown)).toMatch(/alert internal error/);
    // Switched off in the domains table: no certificate either, until it is switched on.
    expect(String(await handshake(LATER))).toMatch(/alert internal error/);
    const certificates = path.join(state.dir, "data", "caddy", "certificates");
    const issued = fs.existsSync(certificates)
      ? fs.readdirSync(certificates, { recursive: true }).map(String)
      : [];
    expect(issued.some((entry) => entry.includes(UNKNOWN) || entry.includes(LATER))).toBe(false);
  });

  it("asks the app at each new name: a domain switched on is served at once, no restart", async () => {
    await t.database.db.update(domains).set({ isActive: true }).where(eq(domains.domain, LATER));
    await t.app.domains.reload();
    const answer = await get(LATER, `/s/${state.code}`);
    expect(answer.names).toContain(LATER);
    // Its own domain's code only: this code belongs to the other domain.
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `https://${MAIN_HOST}${unavailableLocation(state.code, `https://${LATER}`)}`,
    );
  });

  it("serves the app on the main host's own certificate", async () => {
    const answer = await get(MAIN_HOST, "/api/auth/session");
    expect(answer.names).toContain(MAIN_HOST);
    expect(answer.status).toBe(200);
  });
});

if (!caddyBin) {
  it.skip("SKIPPED: Caddy on-demand TLS test needs `caddy` on PATH (apt-get install caddy)", () => {});
}
