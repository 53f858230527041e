import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { cards, grid, tileLink } from "./lobby-helpers";
import { MONEY, brandOf, depositPaid, depositPaidWithoutScripts, headerBalance, registerVerified, shot } from "./money-helpers";
import { centavosIn, chipName, frameBalance, gameBalance, gameHydrated, minimumBet, openELottery, peso } from "./play-helpers";

/** Every slot symbol's name, in English, as the reels label them. */
const SYMBOL_NAMES: string[] = Object.values(
  (
    JSON.parse(readFileSync(new URL("../../public/locales/en/common.json", import.meta.url), "utf8")) as {
      play: { slot: { symbols: Record<string, string> } };
    }
  ).play.slot.symbols,
);

/** What the in-house server starts free play and a trial player's demo wallet with. */
const START_PLAY_MONEY = 200_000n;

/** A game as a test opens it: its name, its page's address and the minimum bet the page shows (every round here stakes it). */
interface OpenedGame {
  name: string;
  path: string;
  bet: bigint;
}

/**
 * Home's JILI slot row, one of its tiles, that game's page (whose category must be Slots). Returns
 * the game's name and its page's address, where the game frame's Lobby link leads back.
 */
async function openSlotFromHome(page: Page, nth = 0): Promise<OpenedGame> {
  await page.goto("/m/home");
  const row = page.locator('[data-testid=home-section][data-section="games-rng-jili"]');
  await tileLink(cards(row).nth(nth)).click();
  await expect(page).toHaveURL(/\/m\/game\/\d+$/);
  const gamePage = page.getByTestId("game-page");
  await expect(gamePage.locator("dd").first()).toHaveText("Slots");
  return {
    name: await gamePage.getByRole("heading", { level: 1 }).innerText(),
    path: new URL(page.url()).pathname,
    bet: await minimumBet(page),
  };
}

/** Play on the game page: the game opens as a document of its own, on the in-house server. */
async function launch(page: Page, name: string) {
  await page.getByRole("button", { name: "Play now" }).click();
  await expect(page).toHaveURL(/\/bgs\/game\/[A-Z0-9_]+$/);
  await expect(page.getByTestId("game-frame").getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("slot-screen")).toBeVisible();
  // The reels at rest show every symbol's name whole: a long one ("Philippine Eagle") takes two
  // lines. A line cut off below would hide a whole line's height; a pixel is rounding.
  const names = await page
    .getByTestId("slot-grid")
    .locator("[data-symbol] > span:last-child")
    .evaluateAll((spans) =>
      spans.map((s) => ({
        name: s.textContent,
        cut: s.scrollWidth > s.clientWidth || s.scrollHeight > s.clientHeight + 1,
      })),
    );
  expect(names).toHaveLength(15);
  expect(names.filter((n) => n.cut).map((n) => n.name)).toEqual([]);
}

/**
 * One spin of the game's minimum bet (the smallest chip, chosen from the start): the balance before,
 * the win the result region announces, the balance after. With JavaScript the round is a fetcher
 * post and the page stays; without it, a plain post and a new page.
 */
async function spin(page: Page, bet: bigint): Promise<{ before: bigint; win: bigint; after: bigint }> {
  const before = await frameBalance(page);
  await expect(page.getByRole("radio", { name: chipName(bet), exact: true })).toBeChecked();
  // Nothing below the game's minimum bet is offered.
  await expect(page.getByRole("radio").first()).toHaveAccessibleName(chipName(bet));
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/bgs/game/"),
  );
  await page.getByTestId("spin").click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId("spin")).toBeEnabled();
  const status = page.getByTestId("slot-result").getByRole("status");
  await expect(status).toHaveText(/^(You won ₱[\d,]+\.\d{2}|No win this time)$/);
  const text = (await status.textContent()) ?? "";
  const win = text.startsWith("You won") ? centavosIn(text) : 0n;
  // The reels' result shows the same figure as the announcement.
  if (win > 0n) await expect(page.getByTestId("slot-result")).toContainText(peso(win));
  const after = await frameBalance(page);
  return { before, win, after };
}

test.describe("a slot game with real money", () => {
  test("launched from the lobby, it wins and loses to the centavo; the header and the bet record agree", async ({
    page,
  }, testInfo) => {
    await registerVerified(page, testInfo);
    await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "500", "₱500.00");
    await expect(headerBalance(page)).toHaveText("₱500.00");

    const game = await openSlotFromHome(page);
    await shot(page, testInfo, "slot-game-page");
    await launch(page, game.name);
    // Full screen: the game's own frame, none of the lobby's navigation; the launch token is gone from the address.
    const viewport = page.viewportSize()!;
    const box = (await page.getByTestId("game-frame").boundingBox())!;
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
    expect(new URL(page.url()).search).toBe("");
    await expect(gameBalance(page)).toContainText("Balance");
    await expect(gameBalance(page)).toContainText("₱500.00");
    await expect(page.getByTestId("free-play-mark")).toHaveCount(0);
    await gameHydrated(page);
    await shot(page, testInfo, "slot-ready");
    await expectNoA11yViolations(page);

    const wins: bigint[] = [];
    let balance = 50_000n;
    let winShot = false;
    for (let i = 0; i < 60; i++) {
      const round = await spin(page, game.bet);
      expect(round.before, `before spin ${i + 1}`).toBe(balance);
      expect(round.after, `after spin ${i + 1}`).toBe(round.before - game.bet + round.win);
      balance = round.after;
      wins.push(round.win);
      if (round.win > 0n && !winShot) {
        await shot(page, testInfo, "slot-win");
        winShot = true;
      }
      if (wins.some((w) => w > 0n) && wins.some((w) => w === 0n)) break;
    }
    expect(
      wins.some((w) => w > 0n),
      "a winning round within 60 spins",
    ).toBe(true);
    expect(
      wins.some((w) => w === 0n),
      "a losing round within 60 spins",
    ).toBe(true);
    const spins = BigInt(wins.length);
    const won = wins.reduce((a, b) => a + b, 0n);
    expect(balance).toBe(50_000n - spins * game.bet + won);

    // Back in the lobby (a whole page load): the header shows what the game left.
    await page.getByTestId("game-back").click();
    await expect(page).toHaveURL(new RegExp(`${game.path}$`));
    await expect(headerBalance(page)).toHaveText(peso(balance));

    await page.goto("/m/gameRecord");
    const totals = page.getByTestId("bet-totals");
    await expect(totals.locator("[data-total=bet]")).toHaveText(peso(spins * game.bet));
    await expect(totals.locator("[data-total=win]")).toHaveText(peso(won));
    const net = won - spins * game.bet;
    await expect(totals.locator("[data-total=net]")).toHaveText(
      net < 0n ? `-${peso(-net)}` : `${net > 0n ? "+" : ""}${peso(net)}`,
    );
    await expect(totals).toContainText(`Rounds: ${spins}`);
    const rows = page.getByTestId("bet-record-list").locator("[data-round]");
    await expect(rows).toHaveCount(Math.min(wins.length, 20));
    // Newest first: the last spin heads the list.
    await expect(rows.first()).toContainText(game.name);
    await expect(rows.first()).toContainText(`Bet ${peso(game.bet)} · Win ${peso(wins.at(-1)!)}`);
    await expect(rows.first()).toContainText("Settled");
    await expect(rows.locator("[data-demo]")).toHaveCount(0);
    await shot(page, testInfo, "bet-record");
  });
});

test.describe("a trial player", () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  test.beforeEach(({}, testInfo) => test.skip(brandOf(testInfo) !== "lucky-peso", "free play (FREEPLAY3) is lucky-peso's"));

  test("plays a slot on the demo balance, and the round is marked demo", async ({ page }, testInfo) => {
    await page.goto("/m/login");
    await page.getByRole("button", { name: "Try for free" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(headerBalance(page)).toHaveText(peso(START_PLAY_MONEY));

    const game = await openSlotFromHome(page);
    await expect(page.getByTestId("game-launch")).toContainText("You are playing with your demo balance.");
    await launch(page, game.name);
    // The wallet's demo money, not the provider's play money.
    await expect(gameBalance(page)).toContainText("Balance");
    await expect(page.getByTestId("free-play-mark")).toHaveCount(0);
    await gameHydrated(page);
    const round = await spin(page, game.bet);
    expect(round.before).toBe(START_PLAY_MONEY);
    expect(round.after).toBe(START_PLAY_MONEY - game.bet + round.win);
    await shot(page, testInfo, "trial-spin");

    await page.getByTestId("game-back").click();
    await expect(page).toHaveURL(new RegExp(`${game.path}$`));
    await expect(headerBalance(page)).toHaveText(peso(round.after));

    await page.goto("/m/gameRecord");
    const rows = page.getByTestId("bet-record-list").locator("[data-round]");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Bet ${peso(game.bet)} · Win ${peso(round.win)}`);
    await expect(rows.first().locator("[data-demo]")).toHaveText("Demo");
  });
});

/** A visitor on the page of the first slot of the home's JILI row that offers free play (most slots do). */
async function openFreePlaySlot(page: Page): Promise<OpenedGame> {
  let game: OpenedGame | null = null;
  for (let nth = 0; nth < 6 && !game; nth++) {
    await page.goto("/m/home");
    const row = page.locator('[data-testid=home-section][data-section="games-rng-jili"]');
    await tileLink(cards(row).nth(nth)).click();
    await page.waitForURL(/\/m\/(game\/\d+|login\?.*)$/);
    if (new URL(page.url()).pathname.startsWith("/m/game/")) {
      game = {
        name: await page.getByTestId("game-page").getByRole("heading", { level: 1 }).innerText(),
        path: new URL(page.url()).pathname,
        bet: await minimumBet(page),
      };
    }
  }
  expect(game, "a free-play slot in the JILI row").not.toBeNull();
  return game!;
}

test.describe("a visitor", () => {
  test("plays a free-play slot for fun without signing in; a game without free play asks for the login", async ({
    page,
  }, testInfo) => {
    const game = await openFreePlaySlot(page);
    const launcher = page.getByTestId("game-launch");
    await expect(launcher.getByRole("button", { name: "Play now" })).toHaveCount(0);
    await expect(launcher.getByRole("link", { name: "Log in to play for real money" })).toHaveAttribute(
      "href",
      `/m/login?redirectTo=${encodeURIComponent(game.path)}`,
    );
    await shot(page, testInfo, "visitor-game-page");

    await launcher.getByRole("link", { name: "Play for fun" }).click();
    await expect(page).toHaveURL(/\/bgs\/game\/[A-Z0-9_]+$/);
    await expect(page.getByTestId("free-play-mark")).toHaveText("Free play: you are playing with play money, not real pesos");
    await expect(gameBalance(page)).toContainText("Play money");
    await gameHydrated(page);
    const round = await spin(page, game.bet);
    expect(round.before).toBe(START_PLAY_MONEY);
    expect(round.after).toBe(START_PLAY_MONEY - game.bet + round.win);
    await shot(page, testInfo, "visitor-fun-spin");

    // The lottery has no free play: its page sends a visitor to the login first.
    await openELottery(page);
    const tile = cards(grid(page)).filter({ has: page.locator('a[aria-label^="Play Fast 3 Dice by"]') });
    const href = await tileLink(tile).getAttribute("href");
    await tileLink(tile).click();
    await expect(page).toHaveURL(new RegExp(`/m/login\\?redirectTo=${encodeURIComponent(href!)}$`));
    await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  });
});

test.describe("a small phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the spin button stays under the player's finger whatever the spins win", async ({ page }) => {
    const game = await openFreePlaySlot(page);
    await page.getByTestId("game-launch").getByRole("link", { name: "Play for fun" }).click();
    await expect(page).toHaveURL(/\/bgs\/game\/[A-Z0-9_]+$/);
    await gameHydrated(page);
    // The way back is the arrow alone here (the game's name takes the room), still named for what it does.
    await expect(page.getByTestId("game-back")).toHaveAccessibleName("Back to the lobby");
    expect((await page.getByTestId("game-back").boundingBox())!.width).toBe(44);
    // Each symbol's name keeps its words whole: a line of its own per word at most, none cut off,
    // whichever symbol a tile shows: every tile on the reels is tried with every name the themes have.
    const names = page.getByTestId("slot-grid").locator("[data-symbol] > span:last-child");
    const split = await names.evaluateAll(
      (spans, all) =>
        spans.flatMap((s) => {
          const shown = s.textContent;
          const cut = all.filter((name) => {
            s.textContent = name;
            const text = document.createRange();
            text.selectNodeContents(s);
            const lines = new Set(Array.from(text.getClientRects(), (r) => Math.round(r.top))).size;
            return lines > name.split(/\s+/).length || s.scrollWidth > s.clientWidth || s.scrollHeight > s.clientHeight;
          });
          s.textContent = shown;
          return cut;
        }),
      SYMBOL_NAMES,
    );
    expect([...new Set(split)], "symbol names split or cut on a 320 px screen").toEqual([]);
    const button = page.getByTestId("spin");
    await button.scrollIntoViewIfNeeded();
    const onScreen = () => button.evaluate((el) => el.getBoundingClientRect().top);
    const tapped = await onScreen();
    // On this screen one winning line listed above the button moved it; eight spins win some.
    for (let i = 0; i < 8; i++) {
      await spin(page, game.bet);
      expect(await onScreen(), `after spin ${i + 1}`).toBe(tapped);
    }
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a member plays a slot round as a plain form post and sees the result", async ({ page }, testInfo) => {
    await registerVerified(page, testInfo);
    await depositPaidWithoutScripts(page, testInfo, "500", "₱500.00");

    const game = await openSlotFromHome(page);
    await launch(page, game.name);
    await expect(page.getByTestId("game-sound")).toHaveCount(0);
    const round = await spin(page, game.bet);
    expect(round.before).toBe(50_000n);
    expect(round.after).toBe(50_000n - game.bet + round.win);
    // The answer is a page of its own: the reels show the round, the chip stays on the stake.
    await expect(page.getByTestId("slot-result")).toContainText(round.win > 0n ? peso(round.win) : "No win this time");
    await shot(page, testInfo, "nojs-spin");

    await page.getByTestId("game-back").click();
    await expect(headerBalance(page)).toHaveText(peso(round.after));
  });
});
