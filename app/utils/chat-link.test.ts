import { describe, expect, it } from "vitest";
import { chatLaunchUrl } from "./chat-link";

describe("chatLaunchUrl", () => {
  it("adds the spec's launch parameters, encoded, keeping the base's own query", () => {
    const url = new URL(
      chatLaunchUrl("https://chat.example.ph/room?b2c=1", {
        language: "fil",
        backUrl: "https://luckypeso.ph/m/home?a=1&b=2",
        title: "Lucky Peso",
        headerColor: "#14110b",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://chat.example.ph/room");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      b2c: "1",
      language: "fil",
      backUrl: "https://luckypeso.ph/m/home?a=1&b=2",
      headerColor: "#14110b",
      title: "Lucky Peso",
      template: "v2",
      moduleId: "CBS3",
    });
  });
});
