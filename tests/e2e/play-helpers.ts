/** Helpers shared by the play specs: pesos as a player reads them, and the game frame's balance. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { expectHydratedList } from "./lobby-helpers";

/** Centavos as the player reads them ("₱1,234.56"); integer arithmetic only. */
export function peso(centavos: bigint): string {
  const whole = (centavos / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `₱${whole}.${(centavos % 100n).toString().padStart(2, "0")}`;
}

/** The first "₱1,234.56" in a text, in centavos. */
export function centavosIn(text: string): bigint {
  const m = /₱([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no peso amount in "${text}"`);
  return BigInt(m[1]!.replaceAll(",", "")) * 100n + BigInt(m[2]!);
}

export const gameBalance = (page: Page) => page.getByTestId("game-balance");

/** The game frame's balance, from its data attribute, checked against what it shows. */
export async function frameBalance(page: Page): Promise<bigint> {
  const centavos = BigInt((await gameBalance(page).getAttribute("data-centavos"))!);
  await expect(gameBalance(page)).toContainText(peso(centavos));
  return centavos;
}

/** The sound switch renders only once React runs: from then on a round plays through a fetcher. */
export const gameHydrated = (page: Page) => expect(page.getByTestId("game-sound")).toBeVisible();

/**
 * The minimum bet a game's page shows (the catalogue's), in centavos: the stake of the smallest chip,
 * where its game opens (the in-house server offers nothing below it).
 */
export async function minimumBet(page: Page): Promise<bigint> {
  const value = page.getByTestId("game-page").locator("dt", { hasText: "Minimum bet" }).locator("xpath=following-sibling::dd[1]");
  return centavosIn(await value.innerText());
}

/** A chip as the bet pickers name it: whole pesos ("₱1", "₱10"). */
export const chipName = (centavos: bigint) => peso(centavos).replace(/\.00$/, "");

/** The e-lottery category lists its vendors (each brand names them its own way); TCG's list holds the draw games. */
export async function openELottery(page: Page) {
  await page.goto("/m/elott");
  await page.locator('a[href="/m/provider?vassalage=TCG&category=ELOTT"]').click();
  await expect(page).toHaveURL(/\/m\/provider\?vassalage=TCG&category=ELOTT$/);
  await expectHydratedList(page);
}
