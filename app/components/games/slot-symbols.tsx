/**
 * The slot's symbols drawn as tiles: a shape per paying rank in the theme's colours (wild gold,
 * scatter in the accent, premiums in the primary), card ranks as letters, the name underneath.
 */

export interface SlotCellState {
  symbol: string;
  look: "still" | "spinning" | "waiting" | "win" | "dim";
}

type Symbol = { id: string; name: string };

const SHAPES = [
  // wild: a star; scatter: a burst; then one shape per rank.
  "M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7-6.3-3.9-6.3 3.9 1.7-7L2 9.5l7.1-.6z",
  "M12 1l2.5 6.5L21 5l-3 6.5 6 .5-6 1.5 3 6.5-6.5-2.5L12 24l-2.5-6.5L3 20l3-6.5L0 12l6-1.5L3 5l6.5 2.5z",
  "M6 3h12l4 6-10 12L2 9z",
  "M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6-8 11-8 11z",
  "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",
  "M12 2l8.7 5v10L12 22l-8.7-5V7z",
  "M12 3l10 18H2z",
  "M12 2s7 8 7 13a7 7 0 0 1-14 0c0-5 7-13 7-13z",
  "M12 2l9 4v6c0 5-4 9-9 10-5-1-9-5-9-10V6z",
  "M4 4h16v16H4z",
  "M12 2l10 10-10 10L2 12z",
];

const CARD_RANKS: Record<string, string> = { ace: "A", king: "K", queen: "Q", jack: "J", ten: "10", nine: "9" };

/** Colours by rank: index 0 is the wild, 1 the scatter, then the line symbols from the highest. */
function tone(index: number): { tile: string; mark: string } {
  if (index === 0)
    return {
      tile: "bg-[radial-gradient(circle_at_50%_30%,var(--prize-shine),var(--prize)_50%,var(--prize-deep))] ring-prize",
      mark: "text-on-primary",
    };
  if (index === 1)
    return { tile: "bg-[radial-gradient(circle_at_50%_30%,var(--accent),var(--surface-2))] ring-accent", mark: "text-text" };
  if (index <= 3)
    return { tile: "bg-[linear-gradient(160deg,var(--surface-3),var(--surface))] ring-primary/60", mark: "text-primary" };
  if (index <= 5)
    return { tile: "bg-[linear-gradient(160deg,var(--surface-3),var(--surface))] ring-success/40", mark: "text-success" };
  return { tile: "bg-[linear-gradient(160deg,var(--surface-2),var(--surface))] ring-line", mark: "text-text" };
}

function SymbolTile({
  symbol,
  index,
  look,
  mini,
}: {
  symbol: Symbol;
  index: number;
  look: SlotCellState["look"];
  mini: boolean;
}) {
  const { tile, mark } = tone(index);
  const rank = CARD_RANKS[symbol.id];
  const state =
    look === "win"
      ? "z-10 scale-105 ring-2 ring-prize shadow-lg shadow-black/60"
      : look === "dim"
        ? "opacity-35 ring-1"
        : look === "spinning"
          ? "ring-1 blur-[1.5px]"
          : look === "waiting"
            ? "opacity-50 ring-1"
            : "ring-1";
  return (
    <div
      className={`relative flex aspect-square flex-col items-center justify-center overflow-hidden rounded-lg transition-[transform,opacity] duration-200 motion-reduce:transition-none ${tile} ${state}`}
      data-symbol={symbol.id}
      data-look={look}
    >
      {rank ? (
        <span className={`font-black leading-none drop-shadow ${mini ? "text-xs" : "text-3xl"} ${mark}`}>{rank}</span>
      ) : (
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={`${mini ? "h-3 w-3" : "h-8 w-8"} min-h-0 fill-current drop-shadow ${mark}`}
        >
          <path d={SHAPES[index % SHAPES.length]} />
        </svg>
      )}
      {/* The name's size follows the screen's width, as the tile does: a ten-letter word such as "Sampaguita" fits whole on a 320 px phone.
          A name of two lines keeps its height there and the picture above it gives way. */}
      {mini ? null : (
        <span
          className={`mt-0.5 line-clamp-2 max-w-full shrink-0 px-0.5 text-center text-[min(9px,2.35vw)] leading-tight font-bold tracking-tight break-words ${index === 0 ? "text-on-primary" : "text-muted"}`}
        >
          {symbol.name}
        </span>
      )}
    </div>
  );
}

/** The 5 × 3 window; winning paylines drawn over it. */
export function SlotGrid({
  symbols,
  cell,
  paylines,
  label,
  mini = false,
  moving = false,
  tick = 0,
}: {
  symbols: Symbol[];
  cell: (row: number, reel: number) => SlotCellState;
  /** Rows (0 top) on each reel of the lines to draw. */
  paylines: number[][];
  label: string;
  mini?: boolean;
  moving?: boolean;
  tick?: number;
}) {
  const index = new Map(symbols.map((s, i) => [s.id, i]));
  const rows = [0, 1, 2].map((row) => [0, 1, 2, 3, 4].map((reel) => cell(row, reel)));
  const description = rows.map((r) => r.map((c) => symbols[index.get(c.symbol) ?? 0]?.name ?? c.symbol).join(", ")).join("; ");
  return (
    <div
      className={
        mini
          ? "relative w-28"
          : "relative rounded-2xl border-2 border-prize/60 bg-[linear-gradient(180deg,var(--surface-2),var(--bg))] p-2 shadow-[0_0_24px_var(--glow)]"
      }
      role="img"
      aria-label={`${label}: ${description}`}
      data-testid={mini ? "slot-mini-grid" : "slot-grid"}
    >
      <div className={`grid grid-cols-5 ${mini ? "gap-0.5" : "gap-1.5"}`}>
        {[0, 1, 2, 3, 4].map((reel) => (
          <div
            key={reel}
            className={`flex flex-col ${mini ? "gap-0.5" : "gap-1.5"}`}
            // Jiggles a spinning reel up and down a little on each tick.
            style={
              moving && rows[0]![reel]!.look === "spinning"
                ? { transform: `translateY(${(tick + reel) % 2 === 0 ? -3 : 3}px)` }
                : undefined
            }
          >
            {[0, 1, 2].map((row) => {
              const c = rows[row]![reel]!;
              const i = index.get(c.symbol) ?? 0;
              return <SymbolTile key={row} symbol={symbols[i]!} index={i} look={c.look} mini={mini} />;
            })}
          </div>
        ))}
      </div>
      {paylines.length > 0 ? (
        <svg
          viewBox="0 0 5 3"
          preserveAspectRatio="none"
          aria-hidden="true"
          className={`pointer-events-none absolute ${mini ? "top-0 left-0 h-full w-full" : "top-2 left-2 h-[calc(100%-1rem)] w-[calc(100%-1rem)]"}`}
          data-testid="paylines"
        >
          {paylines.map((rows, i) => (
            <polyline
              key={i}
              points={rows.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(" ")}
              fill="none"
              className="stroke-prize opacity-80"
              strokeWidth="3"
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
