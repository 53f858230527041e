import { expect, reactHolds, test, uniqueName } from "./fixtures";

// Registration posts with Argon2id on two busy cores.
test.describe.configure({ timeout: 120_000 });

test("pressing Create account while the username check is still answering leaves no error on the page", async ({ page }) => {
  // A slow connection, inside the page: the check's answer starts at once and finishes 3 s later.
  // A request the router cut off in that window used to reject inside Remix's stream decoder,
  // which reported "AbortError: signal is aborted without reason" (the fixture fails on it).
  await page.addInitScript(() => {
    const w = window as unknown as { answering: number };
    w.answering = 0;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/m/check-username")) return realFetch(input, init);
      const res = await realFetch(input, init);
      const text = await res.text();
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          const timer = setTimeout(() => {
            stream.enqueue(new TextEncoder().encode(text));
            stream.close();
          }, 3000);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            stream.error(signal.reason);
          });
        },
      });
      w.answering++;
      return new Response(body, { status: res.status, headers: res.headers });
    };
  });

  await page.goto("/m/register");
  // The check is the scripts' work: typed before they run, the name is never checked.
  await reactHolds(page.getByLabel(/^Username/));
  await page.getByLabel(/^Password/).fill("play2win88");
  await page.getByLabel(/^Confirm password/).fill("play2win88");
  const mobile = page.getByLabel(/^Mobile number/);
  if (await mobile.count()) await mobile.fill(`0917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await page.getByLabel(/^Full name/).fill("Maria Clara Santos");
  await page.getByLabel(/^Birthday/).fill("1994-06-15");
  await page.getByLabel(/^Username/).fill(uniqueName("chk"));
  // The check asks 500 ms after typing stops; press the button while its answer is arriving.
  await page.waitForFunction(() => (window as unknown as { answering: number }).answering > 0);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  // Long enough for the held answer to have finished, or failed, on the page.
  await page.waitForTimeout(3500);
});
