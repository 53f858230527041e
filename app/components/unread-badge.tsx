/** A count badge: 99+ above 99 (spec §9); the visible number is read out as a sentence. */
export function UnreadBadge({ text, label }: { text: string; label: string }) {
  return (
    <span className="ml-auto min-w-5 rounded-full bg-accent px-1.5 py-0.5 text-center text-[10px] leading-none font-bold text-on-primary">
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
