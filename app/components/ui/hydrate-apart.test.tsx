import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hydratedApart } from "./hydrate-apart";

describe("a part hydrated apart", () => {
  it("is drawn at once inside a boundary of its own, so the browser hydrates it in a pass of its own", () => {
    let renders = 0;
    const Row = hydratedApart(({ title }: { title: string }) => {
      renders++;
      return <h2>{title}</h2>;
    });
    expect(
      renderToString(
        <main>
          <Row title="Hot games" />
          <Row title="Slots" />
        </main>,
      ),
    ).toBe("<main><!--$--><h2>Hot games</h2><!--/$--><!--$--><h2>Slots</h2><!--/$--></main>");
    expect(renders).toBe(2);
  });

  it("is passed by when the page around it re-renders with the same props", () => {
    const Row = hydratedApart(({ title }: { title: string }) => <h2>{title}</h2>);
    const memoType = (Row as unknown as { $$typeof: symbol; compare: unknown }).$$typeof;
    expect(memoType).toBe(Symbol.for("react.memo"));
  });
});
