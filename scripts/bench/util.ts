import net from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Nearest-rank percentiles of durations in milliseconds. */
export function percentiles(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, p50: round2(at(0.5)), p95: round2(at(0.95)), max: round2(s[s.length - 1]) };
}
