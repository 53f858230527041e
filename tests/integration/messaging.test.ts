import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { DeliveryError } from "../../app/domain/accounts/ports";
import { createMailer } from "../../app/integrations/mail.server";
import { latestOutboxMessage, listOutbox } from "../../app/domain/accounts/outbox.server";
import { createHttpSmsProvider, createSmsProvider } from "../../app/integrations/sms.server";
import { projectBrands } from "../setup/brands";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let smtp: TestSmtpServer;
let lucky: Brand;
let perlas: Brand;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer(0, { rejectRecipient: (a) => a.startsWith("nobody@") });
  const registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

/** A port nothing listens on: open a server, note its port, close it. */
async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe("the SMTP mailer", () => {
  // Long enough to be folded by quoted-printable encoding, with characters that must be escaped.
  const link = `https://m.luckypeso.test/m/reset?token=${"a1b2c3d4".repeat(10)}&lang=ty`;

  it("delivers through SMTP with the brand's name as the sender", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "no-reply@casino.test" }, database.db);
    await mailer.send(lucky, {
      to: "ana@example.test",
      subject: "Reset your password – Lucky Peso",
      text: `Hello Ana,\n\nopen this link within 30 minutes:\n${link}\n\nSalamat po!`,
      html: `<p>Hello Ana,</p><p><a href="${link}">Reset</a></p>`,
    });
    const mail = await smtp.waitFor((m) => m.to.includes("ana@example.test"));
    expect(mail.from).toBe("no-reply@casino.test");
    expect(mail.to).toEqual(["ana@example.test"]);
    // nodemailer quotes a display name only when it has to (RFC 5322 phrases): both forms mean the same.
    expect(mail.raw).toMatch(/^From: "?Lucky Peso"? <no-reply@casino\.test>\r$/m);
    expect(mail.subject).toBe("Reset your password – Lucky Peso");
    expect(/https:\/\/\S+/.exec(mail.text)?.[0]).toBe(link);
    expect(mail.text).toContain("Salamat po!");
    expect(mail.raw).toContain("text/html");
  });

  it("takes the address out of a MAIL_FROM written with a name", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://localhost:${smtp.port}`, from: "Ops <ops@casino.test>" }, database.db);
    await mailer.send(perlas, { to: "ben@example.test", subject: "Hi", text: "plain" });
    const mail = await smtp.waitFor((m) => m.to.includes("ben@example.test"));
    expect(mail.from).toBe("ops@casino.test");
    expect(mail.raw).toMatch(/^From: "?Perlas Play"? <ops@casino\.test>\r$/m);
    expect(mail.text.trim()).toBe("plain");
  });

  it("turns a refused recipient and an unreachable server into DeliveryError", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "no-reply@casino.test" }, database.db);
    const refused = await mailer.send(lucky, { to: "nobody@example.test", subject: "x", text: "x" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).channel).toBe("email");
    expect((refused as DeliveryError).message).toContain("nobody@example.test");

    // The URL's own options reach nodemailer: this server offers no STARTTLS, so requiring it must fail.
    const strict = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}/?requireTLS=true`, from: "a@casino.test" },
      database.db,
    );
    const noTls = await strict.send(lucky, { to: "tls@example.test", subject: "x", text: "x" }).catch((e: unknown) => e);
    expect(noTls).toBeInstanceOf(DeliveryError);
    expect(smtp.messages.some((m) => m.to.includes("tls@example.test"))).toBe(false);

    const down = createMailer({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, from: "no-reply@casino.test" }, database.db);
    const err = await down.send(lucky, { to: "ana@example.test", subject: "x", text: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).message).toMatch(/ECONNECTION|ECONNREFUSED/);
  });
});

describe(`the outbox fallbacks on ${TEST_ENGINE}`, () => {
  it("store e-mails and SMS per brand when no provider is configured", async () => {
    const mailer = createMailer({ from: "no-reply@casino.test" }, database.db);
    await mailer.send(perlas, { to: "cara@example.test", subject: "Welcome", text: "Line one\nLine two", html: "<b>x</b>" });
    const smsProvider = createSmsProvider({}, database.db);
    await smsProvider.send(perlas, { to: "+639170000001", text: "Code 123456" });

    const mail = await latestOutboxMessage(database.db, perlas, { channel: "email", recipient: "cara@example.test" });
    expect(mail).toMatchObject({ merchantCode: "PERLAS", subject: "Welcome", body: "Line one\nLine two" });
    const sms = await latestOutboxMessage(database.db, perlas, { channel: "sms", recipient: "+639170000001" });
    expect(sms).toMatchObject({ merchantCode: "PERLAS", subject: null, body: "Code 123456" });
    expect(await latestOutboxMessage(database.db, lucky, { channel: "sms", recipient: "+639170000001" })).toBeUndefined();

    const listed = await listOutbox(database.db, { merchantCode: "PERLAS", limit: 10 });
    expect(listed.map((r) => r.recipient)).toEqual(["+639170000001", "cara@example.test"]);
    expect((await listOutbox(database.db, { merchantCode: "PERLAS", channel: "email", limit: 10 })).map((r) => r.body)).toEqual([
      "Line one\nLine two",
    ]);
  });
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A gateway that answers each request with the next status in `statuses` (the last one repeats). */
async function startGateway(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)];
      if (status === 0) return; // never answer
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return {
    url,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

describe("the HTTP SMS provider", () => {
  it("posts JSON with a bearer token and a unique reference", async () => {
    const gw = await startGateway([202]);
    try {
      const provider = createSmsProvider({ url: gw.url, token: "s3cret" }, database.db);
      await provider.send(lucky, { to: "+639171111111", text: "Code 654321" });
      await provider.send(lucky, { to: "+639171111111", text: "Code 111111" });
      expect(gw.received).toHaveLength(2);
      const [first, second] = gw.received;
      expect(first.headers.authorization).toBe("Bearer s3cret");
      expect(first.headers["content-type"]).toBe("application/json");
      expect(first.body).toEqual({
        to: "+639171111111",
        text: "Code 654321",
        sender: "Lucky Peso",
        reference: expect.any(String),
      });
      const refs = [first, second].map((r) => (r.body as { reference: string }).reference);
      expect(refs[0]).toMatch(/^LUCKYPESO-[0-9a-f-]{36}$/);
      expect(refs[0]).not.toBe(refs[1]);
      // Nothing goes to the outbox when a gateway is configured.
      expect(await latestOutboxMessage(database.db, lucky, { channel: "sms", recipient: "+639171111111" })).toBeUndefined();
    } finally {
      await gw.close();
    }
  });

  it("sends no Authorization header without a token", async () => {
    const gw = await startGateway([200]);
    try {
      await createHttpSmsProvider({ url: gw.url }).send(perlas, { to: "+639172222222", text: "hi" });
      expect(gw.received[0].headers.authorization).toBeUndefined();
      expect(gw.received[0].body).toMatchObject({ sender: "Perlas Play" });
    } finally {
      await gw.close();
    }
  });

  it("reports a non-2xx answer, a silent gateway and a refused connection as DeliveryError", async () => {
    const gw = await startGateway([500, 0]);
    try {
      const provider = createHttpSmsProvider({ url: gw.url, token: "t", timeoutMs: 300 });
      const failed = await provider.send(lucky, { to: "+639173333333", text: "x" }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(DeliveryError);
      expect(failed).toMatchObject({ channel: "sms", status: 500 });
      expect((failed as Error).message).toContain("HTTP 500");

      const silent = await provider.send(lucky, { to: "+639173333333", text: "x" }).catch((e: unknown) => e);
      expect(silent).toBeInstanceOf(DeliveryError);
      expect((silent as Error).message).toContain("no answer in 300 ms");
      expect((silent as DeliveryError).status).toBeUndefined();
    } finally {
      await gw.close();
    }
    const refused = await createHttpSmsProvider({ url: `http://127.0.0.1:${await deadPort()}/sms` })
      .send(lucky, { to: "+639173333333", text: "x" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as Error).message).toContain("ECONNREFUSED");
  });
});
