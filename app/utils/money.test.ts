import { describe, expect, it } from "vitest";
import { centavosToInput, formatPeso, parsePesoAmount } from "./money";

describe("formatPeso", () => {
  it("formats centavos exactly, with grouping", () => {
    expect(formatPeso("0")).toBe("₱0.00");
    expect(formatPeso("5")).toBe("₱0.05");
    expect(formatPeso("200000")).toBe("₱2,000.00");
    expect(formatPeso("123456789012345678901")).toBe("₱1,234,567,890,123,456,789.01");
    expect(formatPeso("-150")).toBe("-₱1.50");
  });
});

describe("parsePesoAmount", () => {
  it("reads what people type, to the centavo", () => {
    expect(parsePesoAmount("500")).toBe(50_000n);
    expect(parsePesoAmount(" 1,500.5 ")).toBe(150_050n);
    expect(parsePesoAmount("₱20.05")).toBe(2_005n);
    expect(parsePesoAmount("0.01")).toBe(1n);
    expect(parsePesoAmount("999999999.99")).toBe(99_999_999_999n);
  });

  it("refuses everything else", () => {
    for (const bad of [
      "",
      "0",
      "0.00",
      "-5",
      "+5",
      "1.234",
      "1e3",
      "１００",
      "٣٠٠",
      "10^30",
      "1".repeat(31),
      "abc",
      "1,00",
      "12,34.5",
      "1000000000",
      "NaN",
      "Infinity",
      "5 0",
      "0x10",
      ".5",
    ]) {
      expect(parsePesoAmount(bad), bad).toBeNull();
    }
  });

  it("round-trips through the form value", () => {
    for (const c of [1n, 100n, 150_050n, 99_999_999_999n]) expect(parsePesoAmount(centavosToInput(c))).toBe(c);
  });
});
