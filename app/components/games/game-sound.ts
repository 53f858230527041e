import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The games' sound: tiny tones made by Web Audio in the browser (no audio files to load), off
 * until the player turns it on, and remembered on this device.
 */

const STORAGE_KEY = "bgs-sound";

export type Cue = "spin" | "stop" | "win" | "bigWin" | "lose" | "shot" | "catch";

/** Frequencies in Hz and lengths in seconds of each cue's notes, played one after another. */
const CUES: Record<Cue, { wave: OscillatorType; notes: [number, number][] }> = {
  spin: {
    wave: "triangle",
    notes: [
      [220, 0.05],
      [262, 0.05],
      [330, 0.05],
    ],
  },
  stop: { wave: "square", notes: [[140, 0.04]] },
  win: {
    wave: "triangle",
    notes: [
      [523, 0.09],
      [659, 0.09],
      [784, 0.16],
    ],
  },
  bigWin: {
    wave: "triangle",
    notes: [
      [523, 0.08],
      [659, 0.08],
      [784, 0.08],
      [1047, 0.1],
      [784, 0.08],
      [1047, 0.24],
    ],
  },
  lose: {
    wave: "sine",
    notes: [
      [294, 0.1],
      [247, 0.16],
    ],
  },
  shot: {
    wave: "sawtooth",
    notes: [
      [880, 0.03],
      [440, 0.05],
    ],
  },
  catch: {
    wave: "triangle",
    notes: [
      [659, 0.07],
      [988, 0.12],
    ],
  },
};

type AudioContextClass = typeof AudioContext;

export interface GameSound {
  on: boolean;
  toggle(): void;
  play(cue: Cue): void;
}

export function useGameSound(): GameSound {
  const [on, setOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);

  useEffect(() => {
    try {
      setOn(window.localStorage.getItem(STORAGE_KEY) === "on");
    } catch {
      // Storage may be blocked (private mode): the sound simply stays off.
    }
  }, []);

  const context = useCallback((): AudioContext | null => {
    if (audio.current) return audio.current;
    const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
      AudioContextClass | undefined;
    if (!Ctor) return null;
    audio.current = new Ctor();
    return audio.current;
  }, []);

  const toggle = useCallback(() => {
    const next = !on;
    setOn(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next ? "on" : "off");
    } catch {
      // Not remembered, but the choice still holds for this page.
    }
    // Browsers only let audio start from a tap: create (or wake) the context inside this one.
    if (next) void context()?.resume();
  }, [on, context]);

  const play = useCallback(
    (cue: Cue) => {
      if (!on) return;
      const ctx = context();
      if (!ctx) return;
      const { wave, notes } = CUES[cue];
      let at = ctx.currentTime;
      for (const [frequency, length] of notes) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = wave;
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
        osc.connect(gain).connect(ctx.destination);
        osc.start(at);
        osc.stop(at + length + 0.02);
        at += length;
      }
    },
    [on, context],
  );

  return { on, toggle, play };
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** True when the player asked for less motion: reels do not spin and results show at once. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const listen = () => setReduced(query.matches);
    query.addEventListener("change", listen);
    return () => query.removeEventListener("change", listen);
  }, []);
  return reduced;
}
