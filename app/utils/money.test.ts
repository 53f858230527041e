import { describe, expect, it } from "vitest";
import { formatPeso } from "./money";

describe("formatPeso", () => {
  it("formats centavos exactly, with grouping", () => {
    expect(formatPeso("0")).toBe("₱0.00");
    expect(formatPeso("5")).toBe("₱0.05");
    expect(formatPeso("200000")).toBe("₱2,000.00");
    expect(formatPeso("123456789012345678901")).toBe("₱1,234,567,890,123,456,789.01");
    expect(formatPeso("-150")).toBe("-₱1.50");
  });
});
