import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * A console.error during a unit or integration test fails it, as it does in the
 * browser suite: an error the code only logged is still an error. The message
 * is printed as usual, then the test fails naming it.
 */
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (calls.length > 0) {
    const said = calls.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ")).join("\n");
    throw new Error(`console.error was called during this test:\n${said}`);
  }
});
