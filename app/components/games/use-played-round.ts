import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { RoundView } from "./engine-screen";
import { useGameFrame } from "./game-frame";

/** The game route's answer to a round's post. */
export interface RoundAnswer {
  round: RoundView | null;
  error: string | null;
  balance?: string | null;
}

/**
 * A round played through a fetcher when JavaScript runs (the page stays, the stake leaves the
 * balance at once, the result shows after at least `minMs` of animation), or shown from the plain
 * post's answer without it. `revealed` counts results shown, so a screen can start its reveal.
 */
export function usePlayedRound(initial: { round: RoundView | null; error: string | null }, minMs: number) {
  const fetcher = useFetcher<RoundAnswer>();
  const frame = useGameFrame();
  const [shown, setShown] = useState(initial);
  const [playing, setPlaying] = useState(false);
  const [revealed, setRevealed] = useState(0);
  const started = useRef(0);
  const handled = useRef<RoundAnswer | null>(null);
  const frameRef = useRef(frame);
  frameRef.current = frame;

  // A plain post (no JavaScript, or before hydration) renders the page again with its answer.
  useEffect(() => setShown(initial), [initial.round, initial.error]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    const f = frameRef.current;
    const wait = f.reducedMotion ? 0 : Math.max(0, minMs - (Date.now() - started.current));
    const timer = setTimeout(() => {
      setShown({ round: data.round, error: data.error });
      setPlaying(false);
      setRevealed((n) => n + 1);
      f.showBalance(data.balance ?? null);
    }, wait);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data, minMs]);

  /** Call from the form's submit with the round's whole stake in centavos. */
  function start(_event: FormEvent<HTMLFormElement>, stake: bigint) {
    started.current = Date.now();
    setPlaying(true);
    setShown({ round: null, error: null });
    const f = frameRef.current;
    const balance = BigInt(f.balance);
    if (stake > 0n && stake <= balance) f.showBalance((balance - stake).toString());
  }

  return { Form: fetcher.Form, shown, playing: playing || fetcher.state !== "idle", revealed, start };
}
