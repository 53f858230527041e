import { describe, expect, it } from "vitest";
import { smtpTransportOptions } from "./mail.server";

describe("smtpTransportOptions", () => {
  it("requires STARTTLS on a plain smtp:// URL unless the relay is on this machine", () => {
    const requireTLS = (url: string) => smtpTransportOptions(url).requireTLS;
    expect(requireTLS("smtp://user:pass@mail.example.com:587")).toBe(true);
    expect(requireTLS("smtp://10.0.0.5:25")).toBe(true);
    expect(requireTLS("smtp://localhost:1025")).toBe(false);
    expect(requireTLS("smtp://LOCALHOST:1025")).toBe(false);
    expect(requireTLS("smtp://127.0.0.1:2525")).toBe(false);
    expect(requireTLS("smtp://[::1]:25")).toBe(false);
    // smtps:// is TLS from the first byte; there is nothing to upgrade.
    expect(requireTLS("smtps://user:pass@mail.example.com")).toBe(false);
    // Not a loopback address, whatever the name looks like.
    expect(requireTLS("smtp://127.0.0.1.example.com:25")).toBe(true);
  });

  it("bounds the waits well below nodemailer's minutes-long defaults", () => {
    expect(smtpTransportOptions("smtp://localhost:25")).toMatchObject({
      url: "smtp://localhost:25",
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
  });
});
