/**
 * The in-house server's other instant games in the browser (the slot is play.spec.ts's, the lottery
 * play-lottery.spec.ts's): bingo, baccarat (live casino), the colour game (poker and the sports-style
 * categories) and the fish game, each opened from its lobby category and played for one round of
 * the minimum bet its page shows, with real money: with JavaScript (a fetcher; the page stays) and without it (a plain post; a new
 * page). Each round moves the game frame's balance by exactly its stake less what the screen says it
 * won, and the bet record holds the four rounds with the same totals, narrows to one game type in its
 * filter form and opens a round's detail.
 */
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { cards, tileLink } from "./lobby-helpers";
import { MONEY, brandOf, depositPaid, depositPaidWithoutScripts, headerBalance, registerVerified, shot } from "./money-helpers";
import { centavosIn, frameBalance, gameBalance, gameHydrated, minimumBet, peso } from "./play-helpers";

const DEPOSIT = 50_000n;

interface Engine {
  engine: string;
  /** The lobby category whose first game plays on this engine (app/domain/games/engines/index.ts). */
  category: string;
  /**
   * Puts the game's minimum bet down, the smallest chip (the one chosen from the start): a tap with
   * JavaScript, a form field without it. Every round stakes it: one bingo card, one spot, one colour, one shot.
   */
  stake(page: Page, js: boolean, minimum: bigint): Promise<void>;
  /** The button that plays the round. */
  play: string;
}

/** A table's stake: the chip tapped onto the spot with JavaScript, the spot's own select without it. */
const onSpot =
  (testId: string, spot: string): Engine["stake"] =>
  async (page, js, minimum) => {
    if (js) await page.getByTestId(testId).click();
    else await page.getByLabel(`Stake on ${spot}`, { exact: true }).selectOption(String(minimum));
  };

const ENGINES: Engine[] = [
  // The card price starts on the smallest chip: nothing to choose.
  { engine: "bingo", category: "BINGO", stake: async () => {}, play: "bingo-play" },
  { engine: "baccarat", category: "LIVE", stake: onSpot("baccarat-spot-player", "Player"), play: "baccarat-deal" },
  { engine: "colour", category: "PVP", stake: onSpot("colour-spot-red", "Red"), play: "colour-roll" },
  {
    engine: "catch",
    category: "FISH",
    stake: (page, js) =>
      js
        ? page.getByTestId("target-shrimp").click()
        : page.getByTestId("catch-form").locator("label").filter({ hasText: "Shrimp" }).click(),
    play: "fire",
  },
];

/**
 * The category's first game, launched from its page: the game's own document on the in-house server.
 * Answers its name and the minimum bet its page shows.
 */
async function launchFromCategory(page: Page, e: Engine): Promise<{ name: string; minimum: bigint }> {
  await page.goto(`/m/gameCenter?category=${e.category}`);
  await tileLink(cards(page).first()).click();
  await expect(page).toHaveURL(/\/m\/game\/\d+$/);
  const name = await page.getByTestId("game-page").getByRole("heading", { level: 1 }).innerText();
  const minimum = await minimumBet(page);
  await page.getByRole("button", { name: "Play now" }).click();
  await expect(page).toHaveURL(/\/bgs\/game\/[A-Z0-9_]+$/);
  await expect(page.getByTestId("game-frame").getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId(`${e.engine}-screen`)).toBeVisible();
  return { name, minimum };
}

/**
 * One round of the game's minimum bet: the stake put down, the play button, the answer (200), then the screen's
 * announcement of the result. Returns the balance before, the win announced and the balance after.
 */
async function playRound(page: Page, e: Engine, js: boolean, minimum: bigint) {
  const before = await frameBalance(page);
  await e.stake(page, js, minimum);
  const play = page.getByTestId(e.play);
  // Where the play button and its form are on the screen: a result drawn above them must not move
  // them, or the next quick tap lands on something else.
  const onScreen = () => play.evaluate((el) => [el.getBoundingClientRect().top, el.closest("form")!.getBoundingClientRect().top]);
  await play.scrollIntoViewIfNeeded();
  const tapped = await onScreen();
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/bgs/game/"),
  );
  await play.click();
  expect((await answered).status()).toBe(200);
  const status = page.getByTestId(`${e.engine}-screen`).getByRole("status");
  // Bingo draws its balls and baccarat deals its cards before they say how the round went.
  await expect(status).not.toBeEmpty({ timeout: 20_000 });
  const text = (await status.textContent()) ?? "";
  const won = /won (₱[\d,]+\.\d{2})/i.exec(text);
  const win = won ? centavosIn(won[1]!) : 0n;
  if (win > 0n) await expect(page.getByTestId("win-banner")).toContainText(peso(win));
  await expect(gameBalance(page)).toHaveAttribute("data-centavos", String(before - minimum + win));
  // With JavaScript the page stays (without it, a new page opens at its top).
  if (js) expect(await onScreen(), `${e.engine}: the play button and its form after the round`).toEqual(tapped);
  return { before, win, after: await frameBalance(page) };
}

interface Played {
  engine: string;
  category: string;
  name: string;
  stake: bigint;
  win: bigint;
}

/** Plays every engine once; answers each round. */
async function playEveryEngine(page: Page, js: boolean, testInfo: TestInfo): Promise<Played[]> {
  let balance = DEPOSIT;
  const played: Played[] = [];
  for (const e of ENGINES) {
    const { name, minimum } = await launchFromCategory(page, e);
    if (js) await gameHydrated(page);
    else await expect(page.getByTestId("game-sound")).toHaveCount(0);
    // Bingo's card is blank until a round deals it: the screen says so over it, until then.
    const dealtOnPlay = page.getByTestId("bingo-dealt-on-play");
    if (e.engine === "bingo") await expect(dealtOnPlay).toHaveText("Your card's numbers are dealt when you play.");
    const round = await playRound(page, e, js, minimum);
    await expect(dealtOnPlay).toHaveCount(0);
    // The settled table, its result and the next round's controls, as a screen reader meets them
    // (axe runs in the page: with JavaScript only).
    if (js) await expectNoA11yViolations(page);
    expect(round.before, `${e.engine}: the balance the round started from`).toBe(balance);
    expect(round.after, `${e.engine}: the balance after a round of ${minimum} that won ${round.win}`).toBe(
      balance - minimum + round.win,
    );
    await shot(page, testInfo, `${js ? "" : "nojs-"}${e.engine}-played`);
    balance = round.after;
    played.push({ engine: e.engine, category: e.category, name, stake: minimum, win: round.win });
  }
  // Back in the lobby (a whole page load): the header shows what the games left.
  await page.getByTestId("game-back").click();
  await expect(headerBalance(page)).toHaveText(peso(balance));
  return played;
}

/**
 * The bet record: the four rounds and their totals; then one game type (the baccarat round alone)
 * chosen in the filter form, and that round's detail.
 */
async function expectBetRecord(page: Page, played: Played[], js: boolean) {
  await page.goto("/m/gameRecord");
  const totals = page.getByTestId("bet-totals");
  const rows = page.getByTestId("bet-record-list").locator("[data-round]");
  const won = played.reduce((sum, p) => sum + p.win, 0n);
  await expect(totals.locator("[data-total=bet]")).toHaveText(peso(played.reduce((sum, p) => sum + p.stake, 0n)));
  await expect(totals.locator("[data-total=win]")).toHaveText(peso(won));
  await expect(totals).toContainText(`Rounds: ${played.length}`);
  await expect(rows).toHaveCount(played.length);
  if (js) await expectNoA11yViolations(page);

  const baccarat = played.find((p) => p.engine === "baccarat")!;
  await page.getByLabel("Game type").selectOption(baccarat.category);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]type=${baccarat.category}(&|$)`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(baccarat.name);
  await expect(totals.locator("[data-total=bet]")).toHaveText(peso(baccarat.stake));
  await expect(totals.locator("[data-total=win]")).toHaveText(peso(baccarat.win));

  await rows.first().getByRole("link").click();
  const detail = page.getByTestId("round-detail");
  await expect(detail.getByRole("heading")).toHaveText(baccarat.name);
  await expect(detail).toContainText(peso(baccarat.stake));
  if (js) await expectNoA11yViolations(page);
}

// A player signs up, verifies, pays in and opens four games: more than the default minute.
test.describe.configure({ timeout: 150_000 });

test.describe("bingo, baccarat, the colour game and the fish game", () => {
  test("each plays a round with real money, to the centavo; the bet record counts, filters and details them", async ({
    page,
  }, testInfo) => {
    await registerVerified(page, testInfo);
    await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "500", "₱500.00");
    await expectBetRecord(page, await playEveryEngine(page, true, testInfo), true);
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("each plays a round as a plain form post, to the centavo; so does the bet record's filter", async ({ page }, testInfo) => {
    await registerVerified(page, testInfo);
    await depositPaidWithoutScripts(page, testInfo, "500", "₱500.00");
    await expectBetRecord(page, await playEveryEngine(page, false, testInfo), false);
  });
});

test.describe("a small phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("baccarat's hands hold their cards, the sideways third one too, and the page stays as wide as the screen", async ({
    page,
  }, testInfo) => {
    await registerVerified(page, testInfo);
    // Room for 16 coups of the table's minimum bet (at most ₱100 among the seed's live games).
    await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "2000", "₱2,000.00");
    const baccarat = ENGINES.find((e) => e.engine === "baccarat")!;
    const { minimum } = await launchFromCategory(page, baccarat);
    await gameHydrated(page);
    await baccarat.stake(page, true, minimum);
    // Each card's drawn box (the turned third one's as turned) inside its hand's, and the page no wider
    // than the screen: a wider one makes the phone zoom the page out, and the table jumps mid-round.
    const layout = () =>
      page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        screenWidth: innerWidth,
        outside: Array.from(document.querySelectorAll("[data-testid^=hand-]")).flatMap((hand) => {
          const box = hand.getBoundingClientRect();
          return Array.from(hand.querySelectorAll("[data-testid=playing-card]"))
            .map((card) => card.getBoundingClientRect())
            .filter((c) => c.left < box.left || c.right > box.right || c.top < box.top || c.bottom > box.bottom)
            .map((c) => `${hand.getAttribute("data-testid")}: card at ${c.left}–${c.right} in ${box.left}–${box.right}`);
        }),
        thirds: document.querySelectorAll("[data-testid^=hand-] [data-testid=playing-card]:nth-child(3)").length,
      }));
    // A hand draws a third card in about half the coups: play until one has.
    let thirds = 0;
    for (let coup = 1; coup <= 16 && thirds === 0; coup++) {
      await page.getByTestId(baccarat.play).click();
      await expect(page.getByTestId("baccarat-screen").getByRole("status")).not.toBeEmpty({ timeout: 20_000 });
      const seen = await layout();
      expect(seen.outside, `coup ${coup}`).toEqual([]);
      expect(seen.pageWidth, `coup ${coup}: the page's width`).toBe(seen.screenWidth);
      expect(seen.screenWidth, `coup ${coup}: the screen's width`).toBe(360);
      thirds = seen.thirds;
    }
    expect(thirds, "a coup with a third card").toBeGreaterThan(0);
    await shot(page, testInfo, "baccarat-third-card-small-phone");
  });
});
