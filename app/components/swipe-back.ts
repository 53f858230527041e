/** Spec §2: a swipe-back needs 100 px of travel (other swipes 60 px). */
export const SWIPE_BACK_THRESHOLD_PX = 100;
/**
 * Only a swipe that starts this close to the left edge goes back, so swiping a game row or
 * selecting text elsewhere never leaves the page.
 */
export const SWIPE_BACK_EDGE_PX = 24;

export interface Point {
  x: number;
  y: number;
}

/**
 * Whether a touch from `start` to `end` is a swipe-back: it begins at the left edge and travels
 * at least the threshold to the right, more sideways than up or down (a scroll is not a swipe).
 */
export function isSwipeBack(start: Point, end: Point): boolean {
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  return start.x <= SWIPE_BACK_EDGE_PX && dx >= SWIPE_BACK_THRESHOLD_PX && dy * 2 < dx;
}
