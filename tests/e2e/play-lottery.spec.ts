/**
 * The in-house lottery in the browser (the slot is play.spec.ts's, the instant table games
 * play-tables.spec.ts's): a member buys two Entertainment tickets of the game's minimum stake in one
 * draw, sees both wait, and after the draw sees exactly one paid, to the centavo, in the game frame and
 * back in the lobby's header.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { cards, grid, tileLink } from "./lobby-helpers";
import { MONEY, brandOf, depositPaid, headerBalance, registerVerified, shot } from "./money-helpers";
import { chipName, frameBalance, gameBalance, gameHydrated, minimumBet, openELottery, peso } from "./play-helpers";

/** An Entertainment ticket that wins pays 1.95× its stake (app/domain/games/engines/lottery.ts). */
const marketWin = (stake: bigint) => (stake * 195n) / 100n;

test.describe("a lottery draw", () => {
  test("the minimum stake on Big and on Small: both wait for the draw, then exactly one pays 1.95×", async ({
    page,
  }, testInfo) => {
    // A draw every minute, sales closing 30 s before it, settlement within seconds after.
    test.setTimeout(240_000);
    await registerVerified(page, testInfo);
    await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "500", "₱500.00");

    await openELottery(page);
    const tile = cards(grid(page)).filter({ has: page.locator('a[aria-label^="Play Fast 3 Dice by"]') });
    await tileLink(tile).click();
    await expect(page).toHaveURL(/\/m\/game\/\d+$/);
    const gamePath = new URL(page.url()).pathname;
    const stake = await minimumBet(page);
    const playTypes = page.getByRole("group", { name: "Choose how to play" });
    await expect(playTypes.getByRole("button")).toHaveText(["Tradition", "Entertainment"]);
    await shot(page, testInfo, "lottery-game-page");
    await playTypes.getByRole("button", { name: "Entertainment" }).click();
    await expect(page).toHaveURL(/\/bgs\/lottery\/TCG_FAST_3_DICE$/);
    await expect(page.getByRole("link", { name: "Entertainment" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("lottery-mode")).toHaveText("Elott mode");
    await gameHydrated(page);

    // Both tickets go into one draw: start with time to spare before its sales close.
    const countdown = page.getByTestId("lottery-countdown");
    await expect
      .poll(
        async () => {
          if ((await countdown.count()) === 0) {
            await page.reload();
            return 0;
          }
          return Number(await countdown.getAttribute("data-seconds"));
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBeGreaterThanOrEqual(12);
    const drawNo = (await page.getByTestId("lottery-draw-no").innerText()).trim();
    const before = await frameBalance(page);
    expect(before).toBe(50_000n);

    const form = page.getByTestId("lottery-form");
    const tickets = page.getByTestId("lottery-ticket");
    const buy = async (market: "Big" | "Small", rule: string, count: number) => {
      await form.locator("label").filter({ hasText: rule }).click();
      await expect(form.getByRole("radio", { name: new RegExp(`^${market}`) })).toBeChecked();
      await expect(form.getByRole("radio", { name: chipName(stake), exact: true })).toBeChecked();
      const button = form.getByRole("button", { name: "Buy ticket" });
      // The answer must not move the form: the player's next tap is on one of its picks.
      const formTop = () => form.evaluate((el) => el.getBoundingClientRect().top);
      await button.scrollIntoViewIfNeeded();
      const tapped = await formTop();
      await button.click();
      await expect(page.getByTestId("lottery-bought")).toHaveText(
        `Ticket bought for draw ${drawNo} (${peso(stake)}). Good luck!`,
      );
      await expect(tickets).toHaveCount(count);
      expect(await formTop(), "the ticket form after a purchase").toBe(tapped);
    };
    await buy("Big", "Sum 14 to 27", 1);
    await buy("Small", "Sum 0 to 13", 2);
    const big = tickets.filter({ hasText: "Big" });
    const small = tickets.filter({ hasText: "Small" });
    for (const t of [big, small]) {
      await expect(t).toHaveAttribute("data-state", "open");
      await expect(t).toContainText("Waiting");
      await expect(t).toContainText(`Draw ${drawNo} · ${peso(stake)}`);
    }
    await expect(gameBalance(page)).toHaveAttribute("data-centavos", String(before - 2n * stake));
    await shot(page, testInfo, "lottery-bought");
    await expectNoA11yViolations(page);

    await expect
      .poll(
        async () => {
          await page.reload();
          return tickets.evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      // Both tickets shown, neither still waiting (a page without them is no answer).
      .toEqual([expect.stringMatching(/^(won|lost)$/), expect.stringMatching(/^(won|lost)$/)]);

    const digits = await big.getByTestId("lottery-digits").locator("span").allInnerTexts();
    expect(digits).toHaveLength(3);
    const sum = digits.reduce((a, d) => a + Number(d), 0);
    const [winner, loser] = sum >= 14 ? [big, small] : [small, big];
    await expect(winner).toHaveAttribute("data-state", "won");
    await expect(winner).toContainText(`Won ${peso(marketWin(stake))}`);
    await expect(loser).toHaveAttribute("data-state", "lost");
    await expect(loser).toContainText("Lost");
    expect(await frameBalance(page)).toBe(before - 2n * stake + marketWin(stake));
    await expect(page.getByTestId("lottery-results").getByTestId("lottery-result").filter({ hasText: drawNo })).toHaveCount(1);
    await shot(page, testInfo, "lottery-settled");

    await page.getByTestId("game-back").click();
    await expect(page).toHaveURL(new RegExp(`${gamePath}$`));
    await expect(headerBalance(page)).toHaveText(peso(before - 2n * stake + marketWin(stake)));
  });
});
