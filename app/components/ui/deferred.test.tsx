import { renderToPipeableStream, renderToString } from "react-dom/server";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferred } from "./deferred";

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
  it("are rendered by the server at once, inside the first HTML, once their chunk is in", async () => {
    let loads = 0;
    const Part = deferred(() => {
      loads++;
      return Promise.resolve(Greeting);
    });
    // The server starts loading when the module is read; a request comes after.
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    expect(renderToString(<Part name="Ana" />)).toBe("<!--$--><p>Hello <!-- -->Ana</p><!--/$-->");
    // Streamed as pages are: the part is in the shell, not sent later for a script to put in place.
    const html = await streamed(<Part name="Ben" />);
    expect(html).toBe("<!--$--><p>Hello <!-- -->Ben</p><!--/$-->");
    expect(loads).toBe(1);
  });

  it("wait for a chunk still loading, and show it as soon as it is in", async () => {
    let arrive!: (c: typeof Greeting) => void;
    const Part = deferred(() => new Promise<typeof Greeting>((r) => (arrive = r)));
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
    const Part = deferred<{ name: string }>(() => Promise.reject(new Error("chunk gone")));
    await new Promise((r) => setTimeout(r, 0));
    const html = renderToString(
      <main>
        <h1>Lobby</h1>
        <Part name="Di" />
      </main>,
    );
    // React marks the part for the browser to render (where the error reaches the error boundary).
    expect(html).toMatch(/^<main><h1>Lobby<\/h1><!--\$!-->.*<!--\/\$--><\/main>$/s);
    expect(html).not.toContain("<p>");
  });
});
