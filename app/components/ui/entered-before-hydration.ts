import { useEffect, useRef } from "react";

/**
 * What a player entered before the page hydrated (on a slow phone the form is there seconds before
 * its script) lives in the field, not in React's state, and the next render would put the server's
 * value back under their fingers. On hydration this reads the field once (`read`, null for nothing
 * to take) and hands the value to the state (`take`). Returns the ref for the field or its group.
 */
export function useEnteredBeforeHydration<E extends HTMLElement, V>(read: (el: E) => V | null, take: (value: V) => void) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const value = ref.current ? read(ref.current) : null;
    if (value !== null) take(value);
    // Once, on hydration: later the field and the state move together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

/** The value of the checked radio button in a group (a fieldset), or null when none is checked. */
export const checkedIn = (group: HTMLElement): string | null =>
  group.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value ?? null;
