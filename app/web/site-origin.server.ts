import type { AppLoadContext } from "@remix-run/node";

/**
 * The origin the player reached the site on, for links that leave the page (the web clip's
 * address, the profile's download link). The host is the one the request was resolved for
 * (X-Forwarded-Host only behind TRUST_PROXY, server/app.ts). Secure cookies mean the site is
 * served over HTTPS, whatever scheme a TLS-terminating proxy forwarded; a *.localhost test or
 * development host keeps the scheme it was asked on, since it has no certificate.
 */
export function siteOrigin(request: Request, context: Pick<AppLoadContext, "secureCookies">): string {
  const url = new URL(request.url);
  const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  return context.secureCookies && !local ? `https://${url.host}` : url.origin;
}
