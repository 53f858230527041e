import net from "node:net";

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message as sent, after dot-unstuffing. */
  raw: string;
  /** Decoded Subject header. */
  subject: string;
  /** Decoded text/plain body (the first text/plain part of a multipart message). */
  text: string;
}

export interface SmtpServerOptions {
  /** Recipients answered with 550, to exercise delivery failures. */
  rejectRecipient?: (address: string) => boolean;
}

export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Just enough SMTP for nodemailer, on 127.0.0.1: no STARTTLS and no AUTH are
 * advertised, so the client sends plainly and the test reads what arrived.
 */
export async function startSmtpServer(port = 0, options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let inData = false;
    let from = "";
    let to: string[] = [];
    const reset = () => {
      from = "";
      to = [];
    };

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const arg = line.slice(4).trim();
      switch (verb) {
        case "EHLO":
          return reply("250-localhost greets you\r\n250-8BITMIME\r\n250 SIZE 10485760");
        case "HELO":
          return reply("250 localhost");
        case "MAIL":
          reset();
          from = angleAddress(arg);
          return reply("250 2.1.0 OK");
        case "RCPT": {
          const address = angleAddress(arg);
          if (options.rejectRecipient?.(address)) return reply(`550 5.1.1 <${address}> no such mailbox`);
          to.push(address);
          return reply("250 2.1.5 OK");
        }
        case "DATA":
          if (!from || to.length === 0) return reply("503 5.5.1 MAIL and RCPT first");
          inData = true;
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          reset();
          return reply("250 2.0.0 OK");
        case "NOOP":
          return reply("250 2.0.0 OK");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return socket.end();
        default:
          return reply("502 5.5.2 Command not implemented");
      }
    };

    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          // The terminator's leading CRLF may be the one that ended DATA itself (an empty message).
          const scan = `\r\n${buffer}`;
          const end = scan.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const raw = unstuff(scan.slice(2, end + 2));
          buffer = scan.slice(end + 5);
          inData = false;
          messages.push(parseMessage(from, to, raw));
          reset();
          reply("250 2.0.0 Queued");
          for (const wake of waiters) wake();
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        command(line);
      }
    });
    reply("220 localhost ESMTP test server");
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function angleAddress(arg: string): string {
  const m = /<([^>]*)>/.exec(arg);
  return m ? m[1] : arg.replace(/^(FROM|TO):/i, "").trim();
}

function unstuff(data: string): string {
  return data
    .split("\r\n")
    .map((line) => (line.startsWith(".") ? line.slice(1) : line))
    .join("\r\n");
}

/** Headers of one MIME entity, unfolded, names lower-cased. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const sep = raw.indexOf("\r\n\r\n");
  const head = sep === -1 ? raw : raw.slice(0, sep);
  const body = sep === -1 ? "" : raw.slice(sep + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parseMessage(from: string, to: string[], raw: string): ReceivedMail {
  const { headers } = splitEntity(raw);
  return { from, to: [...to], raw, subject: decodeWords(headers.get("subject") ?? ""), text: textPart(raw) ?? "" };
}

/** The first text/plain entity, walking into multipart bodies. */
function textPart(raw: string): string | undefined {
  const { headers, body } = splitEntity(raw);
  const type = headers.get("content-type") ?? "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return undefined;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const found = textPart(part.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  const charset = /charset="?([^";]+)"?/i.exec(type)?.[1] ?? "utf-8";
  return decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit", charset);
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const enc = encoding.toLowerCase();
  let bytes: Buffer;
  if (enc === "quoted-printable") bytes = decodeQuotedPrintable(body);
  else if (enc === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else bytes = Buffer.from(body, "latin1");
  return new TextDecoder(charset.toLowerCase() === "us-ascii" ? "utf-8" : charset).decode(bytes);
}

function decodeQuotedPrintable(body: string): Buffer {
  // Soft line breaks ("=" at the end of a line) only exist to keep lines short.
  const joined = body.replace(/[ \t]+\r\n/g, "\r\n").replace(/=\r\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      out.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(joined.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes = kind.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQuotedPrintable(text.replace(/_/g, " "));
      return new TextDecoder(charset).decode(bytes);
    });
}
