import { renderToPipeableStream, renderToString } from "react-dom/server";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferred, partsDrawn, partsLoaded } from "./deferred";

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** The whole HTML of a streamed render, as a browser gets it. */
function streamed(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(node, { onShellReady: () => pipe(sink), onShellError: reject });
  });
}

describe("deferred parts", () => {
  it("are rendered by the server at once, inside the first HTML and with no Suspense boundary, once their chunk is in", async () => {
    let loads = 0;
    const Part = deferred("greeting", () => {
      loads++;
      return Promise.resolve(Greeting);
    });
    // The server starts loading when the module is read; a request comes after.
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    // No boundary (<!--$-->): React would hydrate it in a pass of its own, after the page (React error 421).
    expect(renderToString(<Part name="Ana" />)).toBe('<template data-part="greeting"></template><p>Hello <!-- -->Ana</p>');
    // Streamed as pages are: the part is in the shell, not sent later for a script to put in place.
    const html = await streamed(<Part name="Ben" />);
    expect(html).toBe('<template data-part="greeting"></template><p>Hello <!-- -->Ben</p>');
    expect(loads).toBe(1);
  });

  it("are all loaded before the server draws a page", async () => {
    let arrive!: (c: typeof Greeting) => void;
    const Part = deferred("slow", () => new Promise<typeof Greeting>((r) => (arrive = r)));
    deferred("broken", () => Promise.reject(new Error("chunk gone")));
    let settled = false;
    const ready = partsLoaded().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    arrive(Greeting);
    await ready;
    expect(renderToString(<Part name="Eve" />)).toBe('<template data-part="slow"></template><p>Hello <!-- -->Eve</p>');
  });

  it("wait inside a boundary of their own for a chunk still loading, and show it as soon as it is in", async () => {
    let arrive!: (c: typeof Greeting) => void;
    const Part = deferred("late", () => new Promise<typeof Greeting>((r) => (arrive = r)));
    const pending = streamed(
      <main>
        <Part name="Cy" />
      </main>,
    );
    setTimeout(() => arrive(Greeting), 10);
    const html = await pending;
    expect(html).toContain("Hello <!-- -->Cy");
  });

  it("leave a part whose chunk cannot be loaded to the browser, and the rest of the page stands", async () => {
    const Part = deferred<{ name: string }>("gone", () => Promise.reject(new Error("chunk gone")));
    await new Promise((r) => setTimeout(r, 0));
    const html = renderToString(
      <main>
        <h1>Lobby</h1>
        <Part name="Di" />
      </main>,
    );
    // React marks the part for the browser to render (where the error reaches the error boundary).
    expect(html).toMatch(/^<main><h1>Lobby<\/h1><template data-part="gone"><\/template><!--\$!-->.*<!--\/\$--><\/main>$/s);
    expect(html).not.toContain("<p>");
  });

  it("are waited for before hydration when the page holds them, and only those", async () => {
    let arrive!: (c: typeof Greeting) => void;
    deferred("drawn", () => new Promise<typeof Greeting>((r) => (arrive = r)));
    // A part the page does not hold: its chunk never arrives, and nothing may wait for it.
    deferred("not-drawn", () => new Promise<typeof Greeting>(() => {}));
    // The page as the browser holds it: one part drawn (twice), and a mark no part answers to.
    const marks = ["drawn", "drawn", "unknown"].map((part) => ({ dataset: { part } }));
    const page = { querySelectorAll: (selector: string) => (selector === "template[data-part]" ? marks : []) };
    let settled = false;
    const loading = partsDrawn(page as unknown as ParentNode).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    arrive(Greeting);
    await loading;
    expect(settled).toBe(true);
  });
});
