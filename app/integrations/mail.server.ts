import { createTransport } from "nodemailer";
import type { Db } from "~/db/client.server";
import { DeliveryError, type Mailer } from "~/domain/accounts/ports";
import { writeOutbox } from "~/domain/accounts/outbox.server";

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; unset: messages go to the outbox table. */
  smtpUrl?: string;
  /** Envelope and header sender address (MAIL_FROM); each brand's display name is put in front of it. */
  from: string;
}

/** Without an SMTP server (development, tests, demo installs) e-mails land in the outbox table. */
export function createMailer(config: MailConfig, db: Db): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.from) : createOutboxMailer(db);
}

export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(brand, msg) {
      // The plain-text part is what support staff read in the CLI; the HTML part adds nothing to it.
      await writeOutbox(db, brand, { channel: "email", recipient: msg.to, subject: msg.subject, body: msg.text });
    },
  };
}

const isLoopback = (host: string) => host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The nodemailer options for SMTP_URL: bounded waits, and TLS wherever the connection leaves this machine. */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  return {
    url: smtpUrl,
    // Reset links and SMTP passwords must not cross a network in clear text: a plain smtp:// URL to another
    // machine has to upgrade with STARTTLS. A relay on this machine is exempt, and `?requireTLS=false` in the
    // URL opts an internal relay without TLS out (options in the URL win in nodemailer).
    requireTLS: url.protocol === "smtp:" && !isLoopback(url.hostname.toLowerCase()),
    // nodemailer's defaults are 2 minutes to connect and 10 minutes on a silent socket; a player is waiting.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpTransportOptions(smtpUrl));
  const address = senderAddress(from);
  return {
    async send(brand, msg) {
      try {
        await transport.sendMail({
          from: { name: brand.displayName, address },
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
        });
      } catch (err) {
        const code = (err as { code?: string }).code;
        throw new DeliveryError("email", `SMTP delivery failed${code ? ` (${code})` : ""}: ${(err as Error).message}`, {
          cause: err,
        });
      }
    },
  };
}

/** MAIL_FROM may be written as a bare address or as `Name <address>`; the brand supplies the name. */
function senderAddress(from: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(from);
  return (angle ? angle[1] : from).trim();
}
