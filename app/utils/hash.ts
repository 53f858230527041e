/**
 * FNV-1a 32-bit: cheap, stable across runtimes and well spread. Used to pick
 * art and demo content deterministically; never for anything secret.
 */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
