import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

const { DatabaseError } = protocol.messages;

/**
 * PGlite plans every query afresh: its `query` parses the text as an unnamed statement each time,
 * and planning a join or a few subqueries costs the embedded database several times what running
 * it does (a member's session read: 0.5 ms planned each time, 0.1 ms as a prepared statement).
 * PostgreSQL's drivers keep statements prepared per connection; this does the same for PGlite's one
 * session. The texts most recently run keep a named statement each (parsed and described once); a
 * query runs as bind, describe, execute and sync of that statement, under the same two locks as
 * PGlite's own `query`, so it never runs inside another caller's transaction. PostgreSQL re-plans a
 * kept statement itself when a table it reads changes (a migration).
 *
 * Queries inside a transaction go through the transaction's own handle and are not kept.
 */

/** How many statements one embedded database keeps prepared; the least recently run goes first. */
export const KEPT_STATEMENTS = 200;

interface Kept {
  name: string;
  /** Each parameter's type, as the database inferred it at parse time. */
  paramTypes: number[];
}

/** SQLSTATEs after which a kept statement is dropped and the query run unprepared. */
const STALE = new Set([
  "0A000", // cached plan must not change result type (a table's columns changed under it)
  "26000", // the statement is gone (DEALLOCATE)
]);

class StaleStatement extends Error {}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function keepStatementsPrepared(client: PGlite, capacity = KEPT_STATEMENTS): void {
  const unprepared = client.query.bind(client);
  const { serialize } = protocol;
  // In the order last run: a Map iterates in insertion order, and a statement run is moved last.
  const kept = new Map<string, Kept>();
  let named = 0;

  /** Runs whole messages (ending in a sync); the first error is thrown, as PGlite's `query` throws it. */
  async function run(message: Uint8Array, text: string, params?: unknown[], options?: QueryOptions) {
    const messages = await client.execProtocolStream(message, { syncToFs: false, throwOnError: false });
    const error = messages.find((m) => m instanceof DatabaseError);
    if (error) throw Object.assign(error, { query: text, params, queryOptions: options });
    return messages;
  }

  async function prepare(text: string): Promise<Kept> {
    const name = `kept_${++named}`;
    const described = await run(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      text,
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    if (kept.size > capacity) {
      const [oldest, old] = kept.entries().next().value as [string, Kept];
      kept.delete(oldest);
      await run(concat([serialize.close({ type: "S", name: old.name }), serialize.sync()]), oldest);
    }
    return statement;
  }

  async function runKept<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = kept.get(text);
    if (statement) {
      kept.delete(text);
      kept.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    let messages;
    try {
      messages = await run(
        concat([
          serialize.bind({ statement: statement.name, values: values as string[] }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        text,
        params,
        options,
      );
    } catch (err) {
      if (err instanceof DatabaseError && err.code && STALE.has(err.code)) {
        kept.delete(text);
        await run(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), text);
        throw new StaleStatement();
      }
      throw err;
    }
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    // A blob (COPY) or caller-given parameter types take PGlite's own path.
    if (options?.blob || options?.paramTypes) return unprepared<T>(text, params, options);
    try {
      return await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runKept<T>(text, params, options)));
    } catch (err) {
      if (err instanceof StaleStatement) return unprepared<T>(text, params, options);
      throw err;
    }
  }) as PGlite["query"];
}
